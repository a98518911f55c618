// Factory's switch for unfulfilled promises in tests (#41).
// expect: register the promise's value in the test instead: Container.shared.accountService.register { nil }
import Scoped

func configure() {
    Container.shared.manager.promiseTriggersError = false
}
