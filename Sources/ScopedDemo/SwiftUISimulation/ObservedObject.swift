/// Fact modelled here: `@ObservedObject` owns nothing. The view uses whatever instance
/// the newest description passed in; the previous description's instance goes when that
/// description is replaced (unless someone else holds it).
@MainActor
@propertyWrapper
struct ObservedObject<ObjectType: ObservableObject> {
    /// The instance the description was made with.
    let wrappedValue: ObjectType

    init(wrappedValue: ObjectType) {
        self.wrappedValue = wrappedValue
    }
}
