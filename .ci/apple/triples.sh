# The floor of Package.swift as the x86_64 target triple of each Apple platform the Swift
# code is type-checked for (sourced by .ci/apple/sdk.sh and .ci/steps/15-apple-typecheck.sh).
# Only x86_64 triples work: the Linux standard library's interface declares `Float80`.
triple() {
    case "$1" in
        ios) echo x86_64-apple-ios13.0-simulator ;;
        macos) echo x86_64-apple-macos10.15 ;;
        tvos) echo x86_64-apple-tvos13.0-simulator ;;
        watchos) echo x86_64-apple-watchos6.0-simulator ;;
        *) echo "unknown platform: $1" >&2; return 1 ;;
    esac
}
