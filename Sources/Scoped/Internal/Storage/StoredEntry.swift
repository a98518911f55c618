/// A held instance together with what events need to describe it.
package struct StoredEntry {
    /// How the entry holds its instance: strongly, weakly (`.shared`), or no more.
    package enum Holding {
        /// A ``Payload``.
        case strong(AnyObject)
        case weak(WeakInstance)
        /// Removed from its ``EntryTable`` (a hole until the table is compacted); no
        /// lookup returns it.
        case vacant

        package var isVacant: Bool {
            if case .vacant = self { return true }
            return false
        }

        /// The instance held here, as a lookup returns it: nil when vacant or a weak
        /// instance died.
        package var held: Lookup? {
            switch self {
            case .strong(let payload): .held(payload)
            case .weak(let weak): weak.object.map { .heldWeakly($0) }
            case .vacant: nil
            }
        }
    }

    package var holding: Holding
    package let key: StorageKey
    package let scope: Scope
    /// For singletons (a storage shared by every root): the root that resolved it, which
    /// reports its release. Boxed, so that copying an entry copies no weak reference.
    package var reporterBox: WeakReporter?
    /// For a factory with a time to live (`.timeToLive`): when the instance expires, on
    /// its world's clock (Expiry.swift); 0 for none. Such an entry is read under the lock only.
    package var deadline: UInt64 = 0
    /// The builds whose bodies made the instance, outermost first, recorded only while
    /// leaks may be reported (LeakCheck.swift): what a leak report names.
    package var builtThrough: [StorageKey] = []

    /// The container that reports this entry's release, when the storage's own owner can't.
    package var reporter: ContainerNode? { reporterBox?.node }

    /// The instance's identity when it is a class instance (for events); worked out only
    /// when an event asks.
    package var instance: ObjectIdentifier? {
        switch holding {
        case .vacant: return nil
        case .strong(let payload): return Payload.identity(of: payload)
        case .weak(let weak): return weak.identity
        }
    }

    /// Whether this entry is a hole left by a removal.
    package var isVacant: Bool { holding.isVacant }

    /// Whether an instance is held (false once a weak one died).
    package var isAlive: Bool {
        switch holding {
        case .vacant: return false
        case .strong: return true
        case .weak(let weak): return weak.object != nil
        }
    }
}

/// A weak reference to the container that reports a singleton's events.
package final class WeakReporter {
    package weak var node: ContainerNode?
    package init(_ node: ContainerNode) { self.node = node }
}
