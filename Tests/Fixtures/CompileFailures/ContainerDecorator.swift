// Factory's container-wide decorator, set in autoRegister() (#41).
// expect: give each factory its decorator (.decorator { }), or observe every resolve: container.observe { event in … }
import Scoped

func configure() {
    Container.shared.manager.decorator = { _ in }
}

extension Container {
    /// Factory's `self.decorator { }` in `autoRegister()`: the same message.
    func decorateEverything() {
        decorator { _ in }
    }
}
