// Concurrency rule: a value of this type lives in a parent node's `state` and is read
// and changed only under that lock; each child's slot number is written once, under the
// same lock, before anyone can close the child.

/// A scope's open children: added and removed in constant time, whatever their number
/// and whatever order they close in, and listed oldest first when the scope closes.
///
/// Each child keeps the number of its slot (`ContainerNode.slot`); a closed child's slot is
/// reused by the next one opened. No hashing: a slot is an array index.
package struct OpenChildren {
    private var slots: [ContainerNode?] = []
    private var freeSlots: [Int] = []
    /// The number of open children: the slots not free.
    package var count: Int { slots.count - freeSlots.count }

    package init() {}

    package var isEmpty: Bool { count == 0 }

    /// Adds `child`; returns the slot it must remember for ``remove(slot:number:)``.
    package mutating func insert(_ child: ContainerNode) -> Int {
        if let slot = freeSlots.popLast() {
            slots[slot] = child
            return slot
        }
        slots.append(child)
        return slots.count - 1
    }

    /// Removes the child in `slot` and returns it (nil if it is not there any more: the
    /// parent closed and took all its children).
    package mutating func remove(slot: Int, number: UInt64) -> ContainerNode? {
        guard slot < slots.count, let child = slots[slot], child.number == number else { return nil }
        slots[slot] = nil
        freeSlots.append(slot)
        if isEmpty {
            slots.removeAll(keepingCapacity: true)
            freeSlots.removeAll(keepingCapacity: true)
        }
        return child
    }

    /// Calls `body` with each open child, in no particular order.
    package func forEach(_ body: (ContainerNode) -> Void) {
        for case let child? in slots { body(child) }
    }

    /// Removes every child and returns them, oldest first (node numbers grow with time).
    package mutating func removeAll() -> [ContainerNode] {
        guard !isEmpty else { return [] }
        let all = slots.compactMap { $0 }.sorted { $0.number < $1.number }
        self = OpenChildren()
        return all
    }
}
