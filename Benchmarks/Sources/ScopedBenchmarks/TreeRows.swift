// Large trees of lifetime scopes (issue #14): how long closing takes for a scope with
// 100,000 open children, closed by the parent or one by one in either order, and for a
// chain 30,000 scopes deep, with and without an observer; and resolves at that depth. Each figure is one run (these are seconds-long operations,
// not nanosecond ones), beside a baseline made in the same run: allocating as many
// plain objects in an array and dropping them.
import Scoped

enum TreeRows {
    final class Plain {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    /// Prints a table of milliseconds per operation and the ratio to the baseline.
    static func report(children: Int = 100_000, depth: Int = 30_000) {
        let baseline = milliseconds {
            var objects = (0..<children).map(Plain.init)
            Sink.value &+= UInt64(objects.count)
            objects.removeAll()
        }
        print("| operation | ms | × baseline |")
        print("|---|---:|---:|")
        print("| baseline: \(children) objects allocated into an array, dropped | \(format(baseline)) | 1.00× |")
        // Printed as each finishes: a crash (before the fixes, the chain) keeps the others.
        let rows: [(String, () -> Void)] = [
            ("\(children) children: open all, close the parent", {
                let root = Container()
                let kids = (0..<children).map { _ in root.child("row") }
                root.close()
                Sink.value &+= UInt64(kids.count)
            }),
            ("\(children) children: open all, close each, newest first", {
                let root = Container()
                var kids = (0..<children).map { _ in root.child("row") }
                while let kid = kids.popLast() { kid.close() }
            }),
            ("\(children) children: open all, close each, oldest first", {
                let root = Container()
                let kids = (0..<children).map { _ in root.child("row") }
                for kid in kids { kid.close() }
            }),
            ("chain \(depth) deep: open, close the root, drop", {
                let root = Container()
                var chain = [root]
                for _ in 0..<depth { chain.append(chain[chain.count - 1].child("level")) }
                root.close()
                chain.removeAll()
            }),
            ("chain \(depth) deep, an observer on the root: open, close the root, drop", {
                let root = Container()
                let observation = root.observe { _ in }
                var chain = [root]
                for _ in 0..<depth { chain.append(chain[chain.count - 1].child("level")) }
                root.close()
                chain.removeAll()
                observation.cancel()
            }),
            ("chain \(depth) deep: 100,000 resolves of a held .scoped instance in the deepest scope", {
                let root = Container()
                var chain = [root]
                for _ in 0..<depth { chain.append(chain[chain.count - 1].child("level")) }
                let deepest = chain[depth]
                var acc: UInt64 = 0
                for _ in 0..<100_000 { acc &+= fold(deepest.bScoped()) }
                Sink.value &+= acc
                root.close()
            }),
        ]
        for (name, work) in rows {
            let ms = milliseconds(work)
            print("| \(name) | \(format(ms)) | \(format(ms / baseline))× |")
        }
    }

    private static func milliseconds(_ work: () -> Void) -> Double {
        Harness.seconds(Harness.clock.measure(work)) * 1000
    }

    private static func format(_ value: Double) -> String {
        value >= 100 ? String(Int(value.rounded())) : String(Double(Int(value * 10)) / 10)
    }
}
