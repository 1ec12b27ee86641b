// Progress sync's state holder. The Swift twin of the Android app's SyncController.kt
// (android/app/src/main/kotlin/app/rodina/state), which the JVM tests cover against a real
// server: keep the two telling the same story.

import Combine
import Foundation

/// What the "progress on your devices" screen draws: how sync stands (with how many results
/// wait to be sent), the pairing code shown for another device, and the code typed to join
/// another device's account. Every text is in `language`, from the core's catalog.
public struct SyncScreenState: Equatable, Sendable {
    public let language: Language
    /// "Progress on your devices".
    public let title: String
    /// "Sync now".
    public let syncLabel: String
    /// How sync stands, with the sentence to show ("2 results wait to be sent.").
    public let status: SyncStatus?
    /// A sync is running.
    public let syncing: Bool
    /// "Show a pairing code".
    public let showCodeLabel: String
    /// The code shown for another device, once asked for.
    public let pairing: PairingCode?
    /// "Use a pairing code".
    public let enterCodeLabel: String
    /// The code as typed.
    public let code: String
    /// The code typed holds a pairing code's 8 characters: the button is enabled.
    public let canPair: Bool
    /// Asking for a code, or pairing.
    public let busy: Bool
    /// Why the last call failed: the core's sentence.
    public let problem: String?
}

/// Progress sync's state holder: the status the screens show, a sync when the player asks
/// and one soon after every change written on this device (`syncSoon`: the player never
/// waits for it), and pairing a second device by a short code.
///
/// Threads: main-actor isolated, like the screens that call it; the core's calls that reach
/// the server are async calls running on the core's own runtime.
@MainActor
public final class SyncController: ObservableObject {
    /// What the screen draws.
    @Published public private(set) var state: SyncScreenState

    private let play: OnlinePlay
    private var language: Language
    private let soon: TimeInterval
    private let onTakenIn: @MainActor (SyncReport) -> Void
    private var status: SyncStatus?
    private var syncing = false
    private var pairing: PairingCode?
    private var code = ""
    private var busy = false
    private var problem: String?
    private var syncTask: Task<Void, Never>?
    private var soonTask: Task<Void, Never>?

    /// Sync through `play`'s account in `language`; `soon` is how long after a change
    /// `syncSoon` syncs; `onTakenIn` hears that another device's progress came in.
    public init(
        play: OnlinePlay,
        language: Language,
        soon: TimeInterval = 2,
        onTakenIn: @escaping @MainActor (SyncReport) -> Void = { _ in }
    ) {
        self.play = play
        self.language = language
        self.soon = soon
        self.onTakenIn = onTakenIn
        state = SyncController.render(
            language: language, status: nil, syncing: false, pairing: nil, code: "", busy: false, problem: nil)
    }

    /// Reads the status again (from the database, without the network).
    public func refresh() {
        do {
            status = try play.syncStatus()
        } catch {
            problem = onlineErrorText(language, error)
            status = nil
        }
        publish()
    }

    /// Syncs now (a sync under way is waited for, not doubled).
    @discardableResult
    public func syncNow() -> Task<Void, Never> {
        if let running = syncTask { return running }
        syncing = true
        problem = nil
        refresh()
        let play = self.play
        let task = Task {
            do {
                let report = try await play.sync()
                if report.newAttempts + report.betterScores + report.laterSettings > 0 { onTakenIn(report) }
            } catch {
                // Offline, or the server's wait: the status says so, and results keep waiting.
                problem = onlineErrorText(language, error)
            }
            syncing = false
            syncTask = nil
            refresh()
        }
        syncTask = task
        return task
    }

    /// A change was written on this device: sync in a moment.
    public func syncSoon() {
        soonTask?.cancel()
        refresh()
        let delay = soon
        soonTask = Task {
            try? await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
            guard !Task.isCancelled else { return }
            await syncNow().value
        }
    }

    /// Asks for a pairing code to show.
    public func showPairingCode() {
        busy = true
        problem = nil
        publish()
        let play = self.play
        Task {
            do {
                pairing = try await play.pairingCode()
            } catch {
                problem = onlineErrorText(language, error)
            }
            busy = false
            publish()
        }
    }

    /// The code as the player types it.
    public func typeCode(_ text: String) {
        code = text
        publish()
    }

    /// Signs this device in to the account that shows the code typed, then syncs.
    public func pair() {
        guard SyncController.canPair(code) else { return }
        busy = true
        problem = nil
        publish()
        let typed = code
        let play = self.play
        Task {
            do {
                _ = try await play.pair(code: typed)
                code = ""
                busy = false
                await syncNow().value
            } catch {
                problem = onlineErrorText(language, error)
            }
            busy = false
            publish()
        }
    }

    /// The texts' language changed.
    public func setLanguage(_ new: Language) {
        language = new
        play.setLanguage(language: new)
        refresh()
    }

    /// Stops what is under way (the app closes the database).
    public func close() {
        soonTask?.cancel()
        syncTask?.cancel()
    }

    private static func canPair(_ text: String) -> Bool {
        text.filter { $0.isLetter || $0.isNumber }.count == 8
    }

    private func publish() {
        state = SyncController.render(
            language: language, status: status, syncing: syncing, pairing: pairing, code: code, busy: busy,
            problem: problem)
    }

    private static func render(
        language: Language, status: SyncStatus?, syncing: Bool, pairing: PairingCode?, code: String, busy: Bool,
        problem: String?
    ) -> SyncScreenState {
        var running = syncing
        if case .syncing = status?.state { running = true }
        return SyncScreenState(
            language: language,
            title: onlineLabel(language: language, label: .syncTitle),
            syncLabel: onlineLabel(language: language, label: .syncNow),
            status: status,
            syncing: running,
            showCodeLabel: onlineLabel(language: language, label: .pairingShow),
            pairing: pairing,
            enterCodeLabel: onlineLabel(language: language, label: .pairingEnter),
            code: code,
            canPair: canPair(code) && !busy,
            busy: busy,
            problem: problem)
    }
}

/// `inner`, telling `written` after every write (so that progress syncs soon after it).
public final class SyncingPuzzleStorage: PuzzleStorage {
    private let inner: any PuzzleStorage
    private let written: @Sendable () -> Void

    public init(_ inner: any PuzzleStorage, written: @escaping @Sendable () -> Void) {
        self.inner = inner
        self.written = written
    }

    public func progress(_ variant: Variant) throws -> PuzzleProgress { try inner.progress(variant) }
    public func next(_ variant: Variant, last: String?) throws -> PuzzleSession? { try inner.next(variant, last: last) }
    public func open(_ variant: Variant, id: String) throws -> PuzzleSession { try inner.open(variant, id: id) }
    public func save(_ session: PuzzleSession) throws {
        try inner.save(session)
        written()
    }
    public func difficulty(_ variant: Variant) throws -> Difficulty { try inner.difficulty(variant) }
    public func setDifficulty(_ variant: Variant, _ difficulty: Difficulty) throws {
        try inner.setDifficulty(variant, difficulty)
        written()
    }
}

/// `inner`, telling `written` after every write (so that progress syncs soon after it).
public final class SyncingCourseStorage: CourseStorage {
    private let inner: any CourseStorage
    private let written: @Sendable () -> Void

    public init(_ inner: any CourseStorage, written: @escaping @Sendable () -> Void) {
        self.inner = inner
        self.written = written
    }

    public func overview(_ variant: Variant, language: Language) throws -> CourseOverview {
        try inner.overview(variant, language: language)
    }
    public func open(_ variant: Variant, id: String) throws -> CourseSession { try inner.open(variant, id: id) }
    public func save(_ session: CourseSession) throws {
        try inner.save(session)
        written()
    }
}
