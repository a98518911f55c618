// Factory's AutoRegistering: Scoped has no implicit hook.
// expect: register overrides at app start-up, before the first resolve
import Scoped

extension Container: AutoRegistering {
    func autoRegister() {}
}
