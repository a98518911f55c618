// Concurrency rule: a value of this type lives in a parent node's `state` and is read and changed only under that lock;
// each child's index is written once, under the same lock, before anyone can close the child.

/// A scope's open children, added and removed in constant time (each keeps its index, `ContainerNode.indexInParent`,
/// reused once it closes), listed oldest first at a close.
package struct OpenChildren {
    private var children: [ContainerNode?] = []
    private var freeIndices: [Int] = []
    /// The number of open children: the indices not free.
    package var count: Int { children.count - freeIndices.count }
    package var isEmpty: Bool { count == 0 }
    /// Adds `child`; returns the index it must remember for ``remove(at:number:)``.
    package mutating func insert(_ child: ContainerNode) -> Int {
        if let index = freeIndices.popLast() {
            children[index] = child
            return index
        }
        children.append(child)
        return children.count - 1
    }
    /// Removes the child at `index` and returns it.
    package mutating func remove(at index: Int, number: UInt64) -> ContainerNode? {
        guard index < children.count, let child = children[index], child.number == number else { return nil }
        children[index] = nil
        freeIndices.append(index)
        if isEmpty {
            children.removeAll(keepingCapacity: true)
            freeIndices.removeAll(keepingCapacity: true)
        }
        return child
    }
    /// Calls `body` with each open child, in no particular order.
    package func forEach(_ body: (ContainerNode) -> Void) { for case let child? in children { body(child) } }
    /// Removes every child and returns them, oldest first (node numbers grow with time).
    package mutating func removeAll() -> [ContainerNode] {
        guard !isEmpty else { return [] }
        let all = children.compactMap { $0 }.sorted { $0.number < $1.number }
        self = OpenChildren()
        return all
    }
}
