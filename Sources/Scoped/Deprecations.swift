// Public names renamed since the first CHANGELOG entry, kept for code written against the
// old name: each one compiles with a deprecation warning whose fix-it writes the new name.

/// The former name of ``ContainerWorld`` (#29).
@available(*, deprecated, renamed: "ContainerWorld")
public typealias ContainerIsolation = ContainerWorld
