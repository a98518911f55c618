#if canImport(SwiftUI)
import SwiftUI
import Scoped

/// The initialisers ``ScopedObject`` and ``ScopedObservable`` share: each resolves the view
/// model the way the matching ``ViewModelSlot`` initialiser does, into a slot that SwiftUI's
/// state storage makes once per view identity.
///
/// ```swift
/// @ScopedObject(\.detail, 42) private var viewModel: DetailViewModel
/// @ScopedObservable(in: AppContainer.self) { $0.settings() } private var settings: SettingsModel
/// ```
///
/// Every initialiser takes `file:` and `line:`, defaulted to where the view declares the
/// wrapper: messages about the view model name the view by them.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor
public protocol ViewModelWrapper: DynamicProperty {
    /// The view model's type.
    associatedtype ViewModel: AnyObject

    /// Wraps the slot that `slot` makes: SwiftUI's state storage calls it once per view
    /// identity, so a view value made again by a parent's `body` builds nothing.
    ///
    /// - Parameters:
    ///   - slot: Makes the view's slot (``ViewModelSlot``).
    ///   - file: Where the view declares the wrapper: messages name the view by it.
    ///   - line: The line of that declaration.
    init(slot: @autoclosure @escaping () -> ViewModelSlot<ViewModel>, file: StaticString, line: UInt)
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension ViewModelWrapper {
    /// Resolves `factory` from the nearest `Container`.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\.settings`).
    ///   - file: Where the view declares the wrapper (defaulted): messages name the view by it.
    ///   - line: The line of that declaration (defaulted).
    public init(_ factory: KeyPath<Container, Factory<ViewModel>>, file: StaticString = #fileID, line: UInt = #line) {
        self.init(slot: ViewModelSlot(factory), file: file, line: line)
    }

    /// Resolves `factory` from the nearest container of the key path's root type.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\AppContainer.settings`).
    ///   - file: Where the view declares the wrapper (defaulted): messages name the view by it.
    ///   - line: The line of that declaration (defaulted).
    public init<C: SharedContainer>(
        _ factory: KeyPath<C, Factory<ViewModel>>, file: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(slot: ViewModelSlot(factory), file: file, line: line)
    }

    /// Resolves `factory` with `parameter` from the nearest `Container`. The view's first
    /// parameter is the one used; later values' are ignored, as SwiftUI ignores later
    /// initial values of its state.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\.detail`).
    ///   - parameter: Passed to the factory.
    ///   - file: Where the view declares the wrapper (defaulted): messages name the view by it.
    ///   - line: The line of that declaration (defaulted).
    public init<P>(
        _ factory: KeyPath<Container, ParameterFactory<P, ViewModel>>, _ parameter: P, file: StaticString = #fileID,
        line: UInt = #line
    ) {
        self.init(slot: ViewModelSlot(factory, parameter), file: file, line: line)
    }

    /// Resolves `factory` with `parameter` from the nearest container of the key path's root type.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\AppContainer.detail`).
    ///   - parameter: Passed to the factory.
    ///   - file: Where the view declares the wrapper (defaulted): messages name the view by it.
    ///   - line: The line of that declaration (defaulted).
    public init<C: SharedContainer, P>(
        _ factory: KeyPath<C, ParameterFactory<P, ViewModel>>, _ parameter: P, file: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(slot: ViewModelSlot(factory, parameter), file: file, line: line)
    }

    /// Resolves a main-actor factory from the nearest `Container`.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\.settings`).
    ///   - file: Where the view declares the wrapper (defaulted): messages name the view by it.
    ///   - line: The line of that declaration (defaulted).
    public init(
        _ factory: KeyPath<Container, MainActorFactory<ViewModel>>, file: StaticString = #fileID, line: UInt = #line
    ) where ViewModel: Sendable {
        self.init(slot: ViewModelSlot(factory), file: file, line: line)
    }

    /// Resolves a main-actor factory from the nearest container of the key path's root type.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\AppContainer.settings`).
    ///   - file: Where the view declares the wrapper (defaulted): messages name the view by it.
    ///   - line: The line of that declaration (defaulted).
    public init<C: SharedContainer>(
        _ factory: KeyPath<C, MainActorFactory<ViewModel>>, file: StaticString = #fileID, line: UInt = #line
    ) where ViewModel: Sendable {
        self.init(slot: ViewModelSlot(factory), file: file, line: line)
    }

    /// Resolves a main-actor parameter factory with `parameter` from the nearest `Container`.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\.detail`).
    ///   - parameter: Passed to the factory.
    ///   - file: Where the view declares the wrapper (defaulted): messages name the view by it.
    ///   - line: The line of that declaration (defaulted).
    public init<P>(
        _ factory: KeyPath<Container, MainActorParameterFactory<P, ViewModel>>, _ parameter: P, file: StaticString = #fileID,
        line: UInt = #line
    ) where ViewModel: Sendable {
        self.init(slot: ViewModelSlot(factory, parameter), file: file, line: line)
    }

    /// Resolves a main-actor parameter factory with `parameter` from the nearest container
    /// of the key path's root type.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\AppContainer.detail`).
    ///   - parameter: Passed to the factory.
    ///   - file: Where the view declares the wrapper (defaulted): messages name the view by it.
    ///   - line: The line of that declaration (defaulted).
    public init<C: SharedContainer, P>(
        _ factory: KeyPath<C, MainActorParameterFactory<P, ViewModel>>, _ parameter: P, file: StaticString = #fileID,
        line: UInt = #line
    ) where ViewModel: Sendable {
        self.init(slot: ViewModelSlot(factory, parameter), file: file, line: line)
    }

    /// Resolves with `resolve` from the nearest `Container` — for factory functions.
    ///
    /// ```swift
    /// _viewModel = .init { $0.counter(initialValue: start)() }
    /// ```
    ///
    /// - Parameters:
    ///   - resolve: Resolves the view model from that container.
    ///   - file: Where the view declares the wrapper (defaulted): messages name the view by it.
    ///   - line: The line of that declaration (defaulted).
    public init(file: StaticString = #fileID, line: UInt = #line, _ resolve: @escaping (Container) -> ViewModel) {
        self.init(slot: ViewModelSlot(resolve), file: file, line: line)
    }

    /// Resolves with `resolve` from the nearest container of type `type` — for factory
    /// functions.
    ///
    /// - Parameters:
    ///   - type: The container type.
    ///   - resolve: Resolves the view model from that container.
    ///   - file: Where the view declares the wrapper (defaulted): messages name the view by it.
    ///   - line: The line of that declaration (defaulted).
    public init<C: SharedContainer>(
        in type: C.Type, file: StaticString = #fileID, line: UInt = #line, _ resolve: @escaping (C) -> ViewModel
    ) {
        self.init(slot: ViewModelSlot(in: type, resolve), file: file, line: line)
    }
}
#endif
