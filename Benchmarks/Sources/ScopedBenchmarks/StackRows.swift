import Scoped

/// Stack bytes per nested resolve (issue #14): a chain of ten factories, each body
/// resolving the next, the last one reading the stack pointer. `(top − bottom) / 10` is
/// what one nested first build of that scope costs on the thread's stack. Printed by
/// `ScopedBenchmarks --stack` (release build).
enum StackRows {
    final class Link: Sendable {
        let next: Link?
        init(_ next: Link?) { self.next = next }
    }

    /// The address of a local in the caller's frame: the stack pointer, near enough.
    @inline(never)
    static func stackPointer() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }

    nonisolated(unsafe) static var bottom: UInt = 0

    static func measure(_ resolveTop: () -> Link) -> Int {
        let top = stackPointer()
        _ = resolveTop()
        return Int(top - bottom) / 10
    }

    /// Bytes per level for `.cached`, `.unique`, `.scoped` in a child, and a plain call.
    static func report() {
        let cached = measure { StackContainer(manager: ContainerManager()).cached9() }
        let unique = measure { StackContainer(manager: ContainerManager()).unique9() }
        let child = StackContainer(manager: ContainerManager()).child("flow")
        let scoped = measure { child.scoped9() }
        // chain(9) … chain(0): ten nested resolves, as cached9 … cached0 (chain(10) was eleven).
        let perParameter = measure { StackContainer(manager: ContainerManager()).chain(9) }
        let plain = measure { plainChain(9) }
        print("| nested resolve (first build) | stack bytes per level |")
        print("|---|---:|")
        print("| .cached | \(cached) |")
        print("| .unique | \(unique) |")
        print("| .scoped (in a child) | \(scoped) |")
        print("| .cached.perParameter, recursive (`chain(n)` resolves `chain(n - 1)`) | \(perParameter) |")
        print("| plain function call | \(plain) |")
        print("\nDepth a 512 KiB thread supports (cached): about \(512 * 1024 / max(cached, 1)) levels")
    }

    @inline(never)
    static func plainChain(_ level: Int) -> Link {
        if level < 0 {
            bottom = stackPointer()
            return Link(nil)
        }
        return Link(plainChain(level - 1))
    }
}

final class StackContainer: SharedContainer {
    static let shared = StackContainer(manager: .processWide())
    let manager: ContainerManager
    init(manager: ContainerManager) { self.manager = manager }
}

extension StackContainer {
    private static func leaf() -> StackRows.Link {
        StackRows.bottom = StackRows.stackPointer()
        return StackRows.Link(nil)
    }
    var chain: ParameterFactory<Int, StackRows.Link> {
        self { level in level == 0 ? Self.leaf() : StackRows.Link(self.chain(level - 1)) }.cached.perParameter
    }
    var cached0: Factory<StackRows.Link> { self { Self.leaf() }.cached }
    var cached1: Factory<StackRows.Link> { self { StackRows.Link(self.cached0()) }.cached }
    var cached2: Factory<StackRows.Link> { self { StackRows.Link(self.cached1()) }.cached }
    var cached3: Factory<StackRows.Link> { self { StackRows.Link(self.cached2()) }.cached }
    var cached4: Factory<StackRows.Link> { self { StackRows.Link(self.cached3()) }.cached }
    var cached5: Factory<StackRows.Link> { self { StackRows.Link(self.cached4()) }.cached }
    var cached6: Factory<StackRows.Link> { self { StackRows.Link(self.cached5()) }.cached }
    var cached7: Factory<StackRows.Link> { self { StackRows.Link(self.cached6()) }.cached }
    var cached8: Factory<StackRows.Link> { self { StackRows.Link(self.cached7()) }.cached }
    var cached9: Factory<StackRows.Link> { self { StackRows.Link(self.cached8()) }.cached }
    var unique0: Factory<StackRows.Link> { self { Self.leaf() } }
    var unique1: Factory<StackRows.Link> { self { StackRows.Link(self.unique0()) } }
    var unique2: Factory<StackRows.Link> { self { StackRows.Link(self.unique1()) } }
    var unique3: Factory<StackRows.Link> { self { StackRows.Link(self.unique2()) } }
    var unique4: Factory<StackRows.Link> { self { StackRows.Link(self.unique3()) } }
    var unique5: Factory<StackRows.Link> { self { StackRows.Link(self.unique4()) } }
    var unique6: Factory<StackRows.Link> { self { StackRows.Link(self.unique5()) } }
    var unique7: Factory<StackRows.Link> { self { StackRows.Link(self.unique6()) } }
    var unique8: Factory<StackRows.Link> { self { StackRows.Link(self.unique7()) } }
    var unique9: Factory<StackRows.Link> { self { StackRows.Link(self.unique8()) } }
    var scoped0: Factory<StackRows.Link> { self { Self.leaf() }.scoped }
    var scoped1: Factory<StackRows.Link> { self { StackRows.Link(self.scoped0()) }.scoped }
    var scoped2: Factory<StackRows.Link> { self { StackRows.Link(self.scoped1()) }.scoped }
    var scoped3: Factory<StackRows.Link> { self { StackRows.Link(self.scoped2()) }.scoped }
    var scoped4: Factory<StackRows.Link> { self { StackRows.Link(self.scoped3()) }.scoped }
    var scoped5: Factory<StackRows.Link> { self { StackRows.Link(self.scoped4()) }.scoped }
    var scoped6: Factory<StackRows.Link> { self { StackRows.Link(self.scoped5()) }.scoped }
    var scoped7: Factory<StackRows.Link> { self { StackRows.Link(self.scoped6()) }.scoped }
    var scoped8: Factory<StackRows.Link> { self { StackRows.Link(self.scoped7()) }.scoped }
    var scoped9: Factory<StackRows.Link> { self { StackRows.Link(self.scoped8()) }.scoped }
}
