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
        return resolve(
            isTerminal: isTerminal, columns: getenv("COLUMNS").map { String(cString: $0) },
            noColor: getenv("NO_COLOR") != nil
        ) {
            var size = winsize()
            return ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
        }
    }

    /// The rule behind ``standardOutput()``, given what the environment says.
    ///
    /// - Parameters:
    ///   - isTerminal: Whether standard output is a terminal.
    ///   - columns: `COLUMNS`, if set.
    ///   - noColor: Whether `NO_COLOR` is set.
    ///   - terminalWidth: Asks the terminal its width (only called on a terminal without a
    ///     usable `COLUMNS`).
    static func resolve(isTerminal: Bool, columns: String?, noColor: Bool, terminalWidth: () -> Int?) -> Terminal {
        var width = standardWidth
        if let columns = columns.flatMap({ Int($0) }), columns > 0 {
            width = columns
        } else if isTerminal, let measured = terminalWidth() {
            width = measured
        }
        return Terminal(width: width, isColoured: isTerminal && !noColor)
    }
}
