/// A store the bottom bar needs (scenario 10), `.cached` in the container: a service, so
/// the trace shows it but the summary's view-model counts leave it out.
@MainActor
final class EntryStore: TracedObject {
    init() {
        super.init(role: .service)
    }
}
