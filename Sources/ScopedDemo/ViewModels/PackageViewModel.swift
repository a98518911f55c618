/// Seed 001's KVO article, as the init log's bottom bar (scenario 10, third variant): the
/// model is a key-value-observing-compliant object (`Package`, an `NSObject` subclass with
/// `@objc dynamic` properties in the article); the view model observes it (the article
/// binds a `KeyValueObservingPublisher` to an `@Published` property) and writes the user's
/// edits back to it. The view holds the view model with `@StateObject`, so the view model —
/// and its observation — live once per bar, and a change to the model reaches the view
/// through the view model. Plain Swift stands in for KVO here: `Package` calls its
/// observers when `contents` changes.
@MainActor
final class PackageViewModel: TracedObject, ObservableObject {
    private let package: Package
    private var contentsObservation: KeyValueObservation?
    private var storedCount: Int

    init(package: Package) {
        self.package = package
        storedCount = package.contents.count
        super.init(detail: "package: \(package.lifeline?.label ?? "Package")")
        contentsObservation = package.observeContents(owner: lifeline) { [weak self] contents in
            self?.contentsDidChange(to: contents.count)
        }
    }

    /// The number of items in the package, as the view shows it.
    var count: Int {
        observation.access()
        return storedCount
    }

    /// View → model: the user adds an item; the model changes, and KVO tells this view model.
    func addItem() {
        package.contents.append("item \(package.contents.count + 1)")
    }

    /// Model → view model (KVO): republished, so the view re-renders.
    private func contentsDidChange(to count: Int) {
        observation.willChange()
        storedCount = count
    }
}

/// Seed 001's KVO-compliant model (a service in the summary's terms): its observers are
/// told of every change of `contents`.
@MainActor
final class Package: TracedObject {
    private var observers: [Int: ([String]) -> Void] = [:]
    private var nextObserverID = 0

    init() {
        super.init(role: .service)
    }

    /// The package's items; every change is observed.
    var contents: [String] = [] {
        didSet { for observer in observers.values { observer(contents) } }
    }

    /// Starts observing `contents` for `owner`; observing stops when the result goes.
    func observeContents(owner: InstanceRecord?, _ handler: @escaping ([String]) -> Void) -> KeyValueObservation {
        let id = nextObserverID
        nextObserverID += 1
        observers[id] = handler
        let token = SubscriptionToken(owner: owner, source: "Package.contents (KVO)")
        return KeyValueObservation(token: token) { [weak self] in self?.observers[id] = nil }
    }
}

/// An observation of a `Package`: removed (and traced as cancelled) when it goes. Fact
/// modelled here: Foundation's `observe(_:options:changeHandler:)` stops observing when the
/// `NSKeyValueObservation` it returns is deinitialised or invalidated, and `invalidate()` is
/// called automatically on deinit
/// (https://developer.apple.com/documentation/objectivec/nsobject-swift.class/observe(_:options:changehandler:),
/// https://developer.apple.com/documentation/foundation/nskeyvalueobservation/invalidate()).
@MainActor
final class KeyValueObservation {
    private let token: SubscriptionToken
    private let remove: @MainActor @Sendable () -> Void

    init(token: SubscriptionToken, remove: @escaping @MainActor @Sendable () -> Void) {
        self.token = token
        self.remove = remove
    }

    deinit {
        let remove = self.remove
        MainActor.assumeIsolated { remove() }
    }
}
