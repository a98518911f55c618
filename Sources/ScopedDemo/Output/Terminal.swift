#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where the demo prints: how wide the lines may be and whether to colour them. The only
/// file of the demo that asks the C library about the terminal (`isatty`, `getenv`,
/// `ioctl(TIOCGWINSZ)`); everything else takes a ``Terminal`` value, so tests pass one in.
struct Terminal: Equatable, Sendable {
    /// Columns a line may use. Pipes and files get ``standardWidth``.
    var width: Int
    /// Whether `use`/`avoid` and the lifeline glyphs are coloured (ANSI escapes).
    var isColoured: Bool

    /// What the goldens, pipes and the README show: 100 columns, no colour.
    static let standardWidth = 100
    static let plain = Terminal(width: standardWidth, isColoured: false)

    /// The process's standard output: `COLUMNS` if set, else the terminal's width if stdout
    /// is a terminal, else ``standardWidth``; colour only on a terminal when `NO_COLOR` is
    /// unset (https://no-color.org).
    static func standardOutput() -> Terminal {
        let isTerminal = isatty(STDOUT_FILENO) == 1
        var width = standardWidth
        if let columns = getenv("COLUMNS").flatMap({ Int(String(cString: $0)) }), columns > 0 {
            width = columns
        } else if isTerminal {
            var size = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { width = Int(size.ws_col) }
        }
        return Terminal(width: width, isColoured: isTerminal && getenv("NO_COLOR") == nil)
    }
}
