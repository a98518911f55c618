// Type-check only (.ci/steps/15-apple-typecheck.sh, macOS): the Darwin declarations
// ScopedDemo's terminal code calls (Sources/ScopedDemo/Output/Terminal.swift) that the SDK
// stand-in's C headers lack. The real ones are Darwin's: isatty(3) and STDOUT_FILENO in
// <unistd.h>, ioctl(2), winsize and TIOCGWINSZ in <sys/ioctl.h>. main.swift (which calls
// write(2) and exit(3)) is replaced by the line below.
let STDOUT_FILENO: Int32 = 1
let TIOCGWINSZ: UInt = 0
struct winsize { var ws_col: UInt16 = 0 }
func isatty(_ fd: Int32) -> Int32 { 0 }
func ioctl(_ fd: Int32, _ request: UInt, _ size: UnsafeMutablePointer<winsize>) -> Int32 { 0 }
@MainActor func typeCheckedMain() { _ = DemoCommand.run(arguments: []) }
