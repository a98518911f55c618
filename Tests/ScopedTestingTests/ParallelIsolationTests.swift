import ScopedTesting
import Testing

/// Sixty test cases run in parallel, each overriding the same factories with its own
/// value; each must see only its own, across `await`s and in child tasks.
@Suite struct ParallelIsolationTests {
    @Test(.container, arguments: 0..<60)
    func eachParallelTestSeesOnlyItsOwnOverride(value: Int) async {
        Container.shared.isoValue.register { value }
        Container.shared.isoToken.register { Token("token-\(value)") }
        #expect(Container.shared.isoValue() == value)
        let token = Container.shared.isoToken()
        #expect(token.value == "token-\(value)")

        await Task.yield()   // let the other cases run and register theirs
        #expect(Container.shared.isoValue() == value)
        #expect(Container.shared.isoToken() === token)

        async let fromAsyncLet = Container.shared.isoValue()
        let fromGroup = await withTaskGroup(of: (Int, ObjectIdentifier).self) { group in
            for _ in 0..<4 {
                group.addTask {
                    await Task.yield()
                    return (Container.shared.isoValue(), ObjectIdentifier(Container.shared.isoToken()))
                }
            }
            var results: [(Int, ObjectIdentifier)] = []
            for await result in group { results.append(result) }
            return results
        }
        let fromTask = await Task { Container.shared.isoValue() }.value
        #expect(await fromAsyncLet == value)
        #expect(fromGroup.map(\.0) == [value, value, value, value])
        #expect(fromGroup.map(\.1) == Array(repeating: ObjectIdentifier(token), count: 4))
        #expect(fromTask == value)
    }

    @Test func sixtyConcurrentWorldsInOneTestStayApart() async {
        let seen = await withTaskGroup(of: (index: Int, before: Int, after: Int, sameStore: Bool).self) { group in
            for index in 0..<60 {
                group.addTask {
                    await withContainer { $0.isoValue.register { index } } operation: {
                        let before = Container.shared.isoValue()
                        let store = Container.shared.isoStore()
                        await Task.yield()
                        let after = Container.shared.isoValue()
                        return (index, before, after, Container.shared.isoStore() === store)
                    }
                }
            }
            var seen: [(index: Int, before: Int, after: Int, sameStore: Bool)] = []
            for await result in group { seen.append(result) }
            return seen.sorted { $0.index < $1.index }
        }
        #expect(seen.map(\.index) == Array(0..<60))
        #expect(seen.map(\.before) == Array(0..<60))
        #expect(seen.map(\.after) == Array(0..<60))
        #expect(seen.map(\.sameStore) == Array(repeating: true, count: 60))
    }

    @Test(.container) func nestedWorldsHoldDistinctCachedInstancesAndSingletons() {
        let outerStore = Container.shared.isoStore()
        let outerToken = Container.shared.isoToken()
        withContainer {
            let first = (Container.shared.isoStore(), Container.shared.isoToken())
            withContainer {
                #expect(Container.shared.isoStore() !== first.0)
                #expect(Container.shared.isoToken() !== first.1)
            }
            #expect(first.0 !== outerStore)
            #expect(first.1 !== outerToken)
            #expect(Container.shared.isoStore() === first.0)
        }
        #expect(Container.shared.isoStore() === outerStore)
        #expect(Container.shared.isoToken() === outerToken)
    }
}
