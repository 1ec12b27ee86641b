// Saves that no screen owns. The Swift twin of the Android app's Saver.kt
// (android/app/src/main/kotlin/app/rodina/state).

import Foundation

/// How a save went: the saved game's id, or the problem to tell the player.
public struct SaveOutcome: Equatable, Sendable {
    /// The saved game's id, when the save landed.
    public let id: Int64?
    /// Why it did not, when it did not.
    public let problem: Problem?

    /// An outcome with `id` or `problem`.
    public init(id: Int64?, problem: Problem?) {
        self.id = id
        self.problem = problem
    }
}

/// Writes games to `storage` through `queue`, in tasks of its own that no view owns: a view
/// going away (its `.task` cancelled, its state holder released) does not stop a save under
/// way, so a move played is never lost to a closed screen. Each task holds what it needs (the
/// storage, the queue, the session), not the saver, so even an app controller released
/// mid-save still writes it. The saves of one game are written one after the other, in the
/// order they were asked for, and `pending(_:)` tells who must wait for them (the home list is
/// read only after the last one landed).
///
/// Main-actor isolated: it is asked from the state holders, which live there, and its
/// bookkeeping then needs no lock.
@MainActor
public final class Saver {
    private let storage: any GameStorage
    private let queue: DatabaseQueue
    /// The last save asked for per session, with its ticket (to tell it from a later one).
    private var last: [ObjectIdentifier: (ticket: Int, task: Task<Void, Never>)] = [:]
    private var tickets = 0

    /// A saver writing to `storage` on `queue`.
    public init(storage: any GameStorage, queue: DatabaseQueue) {
        self.storage = storage
        self.queue = queue
    }

    /// Saves `session` after its saves asked for before; `done` hears how it went, on the main
    /// actor. Returns the save's task (awaiting it waits for the write, never cancels it).
    @discardableResult
    public func save(
        _ session: GameSession,
        done: @escaping @MainActor @Sendable (SaveOutcome) -> Void
    ) -> Task<Void, Never> {
        let key = ObjectIdentifier(session)
        let previous = last[key]?.task
        tickets += 1
        let ticket = tickets
        let storage = self.storage
        let queue = self.queue
        // An unstructured task: no view's task is its parent, so nothing cancels it.
        let task = Task { @MainActor [weak self] in
            await previous?.value
            let outcome: SaveOutcome
            do {
                let id = try await queue.run { try storage.save(session) }
                outcome = SaveOutcome(id: id, problem: nil)
            } catch {
                outcome = SaveOutcome(id: nil, problem: problemOf(error, context: { .save(detail: $0) }))
            }
            done(outcome)
            if let self, self.last[key]?.ticket == ticket { self.last[key] = nil }
        }
        last[key] = (ticket, task)
        return task
    }

    /// The last save of `session` still being written, if any.
    public func pending(_ session: GameSession) -> Task<Void, Never>? {
        last[ObjectIdentifier(session)]?.task
    }

    /// Waits until every save asked for so far has been written.
    public func flush() async {
        let tasks = last.values.map { $0.task }
        for task in tasks { await task.value }
    }
}
