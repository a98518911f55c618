// The parcels flow (seed 001's package editor): a list of parcels, and an editor for a
// parcel's recipient that shows a summary of the parcel. Everything runs on the main actor.
import Observation

/// Someone who sends or receives a parcel.
public struct Person: Sendable, Equatable {
    public var firstName: String
    public var lastName: String
    public var street: String

    public init(firstName: String, lastName: String, street: String) {
        self.firstName = firstName
        self.lastName = lastName
        self.street = street
    }

    /// "First Last".
    public var fullName: String { "\(firstName) \(lastName)" }
}

/// A parcel: who sends it, who receives it, what is in it.
public struct Parcel: Sendable, Equatable, Identifiable {
    public let id: Int
    public var recipient: Person
    public var sender: Person
    public var contents: [String]

    public init(id: Int, recipient: Person, sender: Person, contents: [String]) {
        self.id = id
        self.recipient = recipient
        self.sender = sender
        self.contents = contents
    }
}

/// The parcels the app knows: one book per root container (`.cached`).
@MainActor @Observable public final class ParcelBook {
    public private(set) var parcels: [Parcel]

    public init(parcels: [Parcel]) {
        self.parcels = parcels
    }

    /// The parcel with that id, if the book has it.
    public func parcel(id: Int) -> Parcel? {
        parcels.first { $0.id == id }
    }

    /// Replaces the parcel with the same id.
    public func save(_ parcel: Parcel) {
        guard let index = parcels.firstIndex(where: { $0.id == parcel.id }) else { return }
        parcels[index] = parcel
    }

    /// Three parcels to start with.
    public static func sample() -> ParcelBook {
        let sender = Person(firstName: "Grace", lastName: "Hopper", street: "1 Harbour Road")
        return ParcelBook(parcels: [
            Parcel(id: 1, recipient: Person(firstName: "Ada", lastName: "Lovelace", street: "12 Engine Lane"),
                   sender: sender, contents: ["Notes", "Punched cards"]),
            Parcel(id: 2, recipient: Person(firstName: "Alan", lastName: "Turing", street: "4 Bletchley Row"),
                   sender: sender, contents: ["Chess set"]),
            Parcel(id: 3, recipient: Person(firstName: "Edsger", lastName: "Dijkstra", street: "9 Shortest Path"),
                   sender: sender, contents: ["Fountain pen", "Paper", "Ink"]),
        ])
    }
}

/// The list screen: one row per parcel of the book.
@MainActor @Observable public final class ParcelListViewModel {
    @ObservationIgnored private let book: ParcelBook

    public init(book: ParcelBook) {
        self.book = book
    }

    /// One row: the parcel's id and "to Ada Lovelace, 2 items".
    public struct Row: Sendable, Equatable, Identifiable {
        public let id: Int
        public let title: String
    }

    public var rows: [Row] {
        book.parcels.map { Row(id: $0.id, title: "to \($0.recipient.fullName), \(ParcelEditorViewModel.items($0.contents.count))") }
    }
}

/// The editor of one parcel's recipient. Edits stay in the view model until `save()`.
@MainActor @Observable public final class ParcelEditorViewModel {
    public let parcelID: Int
    public var firstName: String
    public var lastName: String
    public var street: String
    @ObservationIgnored private let book: ParcelBook
    @ObservationIgnored private let original: Parcel?

    public init(parcelID: Int, book: ParcelBook) {
        self.parcelID = parcelID
        self.book = book
        original = book.parcel(id: parcelID)
        firstName = original?.recipient.firstName ?? ""
        lastName = original?.recipient.lastName ?? ""
        street = original?.recipient.street ?? ""
    }

    /// The recipient as edited.
    public var recipient: Person {
        Person(firstName: firstName, lastName: lastName, street: street)
    }

    /// Whether the recipient differs from the saved one.
    public var hasChanges: Bool { original.map { $0.recipient != recipient } ?? false }

    /// "From Grace Hopper to Ada Lovelace, 12 Engine Lane: 2 items".
    public var summary: String {
        guard let parcel = original else { return "No parcel \(parcelID)" }
        return "From \(parcel.sender.fullName) to \(recipient.fullName), \(street): \(Self.items(parcel.contents.count))"
    }

    /// Writes the edited recipient to the book.
    public func save() {
        guard var parcel = original else { return }
        parcel.recipient = recipient
        book.save(parcel)
    }

    static func items(_ count: Int) -> String { count == 1 ? "1 item" : "\(count) items" }
}
