// The game screen's state holder for SwiftUI: the Swift twin of the Android app's
// GameController (android/app/src/main/kotlin/app/rodina/state/GameController.kt).

import Combine
import Foundation

/// One cell of the board as drawn, with the highlights the settings allow.
public struct CellState: Identifiable, Equatable {
    public var id: Cell { cell }
    public let cell: Cell
    public let point: Point
    public let piece: Piece?
    public let label: String?
    public let selected: Bool
    public let target: Bool
    public let capture: Bool
    public let lastMove: Bool
    public let check: Bool
}

/// One row of the move list.
public struct MoveRow: Identifiable, Equatable {
    public var id: Int { number }
    public let number: Int
    public let first: String
    public let second: String?
}

/// Forwards taps and drags to the core's `GameSession`, publishes what the screen draws and
/// saves the game after every change. When a bot is to move (after the person's move, at the
/// start of a game the bot opens, on resuming a game where it is to move) it awaits the core's
/// `playBotMove`, whose search runs on the core's own background thread: the main actor stays
/// free and the board stays drawn.
@MainActor
public final class GameModel: ObservableObject {
    @Published public private(set) var orientation: Orientation
    @Published public private(set) var cells: [CellState] = []
    @Published public private(set) var status = ""
    @Published public private(set) var moves: [MoveRow] = []
    @Published public private(set) var canUndo = false
    @Published public private(set) var canResign = true
    @Published public var message: String?
    /// A bot is thinking: show a spinner; Undo and Resign stay usable and stop it.
    @Published public private(set) var thinking = false

    private let session: GameSession
    private let store: Store?
    private let settings: Settings
    private let botTimeLimitMs: UInt32?
    private var manualFlip = false
    private var botTask: Task<Void, Never>?

    /// `botTimeLimitMs` caps a bot's thinking time on top of its level's node budget.
    public init(session: GameSession, store: Store?, settings: Settings, botTimeLimitMs: UInt32? = nil) {
        self.session = session
        self.store = store
        self.settings = settings
        self.botTimeLimitMs = botTimeLimitMs
        let view = session.view()
        orientation = Orientation(files: Int(view.files), ranks: Int(view.ranks), flipped: false)
        render()
        letBotMove()
    }

    /// Leaves the game: a bot thinking stops and plays nothing; the game stays saved with the
    /// bot to move, and the bot moves when it is resumed.
    public func close() {
        botTask?.cancel()
        botTask = nil
        // UniFFI's Swift futures do not see task cancellation: stop the search in the core.
        session.stopThinking()
        thinking = false
        render()
    }

    public func tap(_ cell: Cell) {
        guard let p = orientation.point(at: cell) else { return }
        handle(session.tap(point: p))
    }

    public func drag(from: Cell, to: Cell) {
        guard let a = orientation.point(at: from), let b = orientation.point(at: to) else { return }
        handle(session.drag(from: a, to: b))
    }

    public func undo() {
        if session.undo() { changed() } else { render() }
    }

    public func resign() {
        do {
            _ = try session.resign()
            changed()
        } catch {
            message = Texts.message(error)
        }
    }

    public func flip() {
        manualFlip.toggle()
        render()
    }

    private func handle(_ result: TapResult) {
        switch result {
        case .moved:
            message = nil
            changed()
        case let .refused(refusal):
            message = refusal.message.prefix(1).uppercased() + refusal.message.dropFirst()
            render()
        case .selected, .deselected:
            message = nil
            render()
        }
    }

    /// Lets the bot to move think, unless one already does; its move is played, drawn, saved.
    private func letBotMove() {
        guard botTask == nil, case .bot = session.awaiting() else { return }
        thinking = true
        render()
        let session = self.session, limit = botTimeLimitMs
        // A Task made here inherits the main actor: only the await leaves it.
        botTask = Task { [weak self] in
            var played: MoveRecord?
            var failure: String?
            do {
                played = try await session.playBotMove(timeLimitMs: limit)
            } catch {
                failure = "The bot could not move: \(Texts.message(error))"
            }
            guard let self, !Task.isCancelled else { return }
            self.botTask = nil
            self.thinking = false
            if let failure {
                self.message = failure
                self.render()
            } else if played != nil {
                self.changed()
            } else {
                // nil: the bot was stopped or the game changed while it thought (an undo).
                // Redraw, and let a bot that is (again) to move think about the game as it is.
                self.render()
                self.letBotMove()
            }
        }
    }

    private func changed() {
        render()
        letBotMove()
        guard let store else { return }
        // The database is a file: save off the main thread. GameSession and Store are
        // thread-safe (the core locks them).
        let session = self.session
        Task.detached {
            do {
                _ = try session.save(store: store)
            } catch {
                let text = "The game could not be saved: \(Texts.message(error))"
                await MainActor.run { self.message = text }
            }
        }
    }

    private func render() {
        let view = session.view()
        let files = Int(view.files), ranks = Int(view.ranks)
        let auto: Bool
        switch (session.player(side: .first), session.player(side: .second)) {
        case (.bot, .person): auto = true
        case (.person, .bot): auto = false
        default: auto = settings.rotateBoard && view.toMove == .second
        }
        orientation = Orientation(files: files, ranks: ranks, flipped: auto != manualFlip)
        var out: [CellState] = []
        for row in 0..<ranks {
            for column in 0..<files {
                let c = Cell(column: column, row: row)
                guard let p = orientation.point(at: c) else { continue }
                let pv = view.at(p)
                let h = pv.highlights
                out.append(CellState(
                    cell: c, point: p, piece: pv.piece,
                    label: pv.piece.map { Texts.pieceLabel($0, settings.pieceStyle) },
                    selected: h.selected,
                    target: settings.showLegalTargets && h.target,
                    capture: settings.showLegalTargets && h.capture,
                    lastMove: settings.showLastMove && (h.lastFrom || h.lastTo),
                    check: h.check))
            }
        }
        cells = out
        switch view.awaiting {
        case let .person(side):
            status = Texts.sideName(view.variant, side) + " to move" + (view.check != nil ? ": check" : "")
        case let .bot(side):
            status = Texts.sideName(view.variant, side) + (thinking ? " (bot) is thinking…" : " (bot) to move")
        case let .handOver(side):
            status = "Hand the device to " + Texts.sideName(view.variant, side)
        case .nobody:
            status = view.outcome.map { Texts.outcome(view.variant, $0) } ?? "Game over"
        }
        var rows: [MoveRow] = []
        for m in session.moves() {
            if m.side == .second, let last = rows.last, last.second == nil {
                rows[rows.count - 1] = MoveRow(number: last.number, first: last.first, second: m.notation)
            } else if m.side == .second {
                rows.append(MoveRow(number: rows.count + 1, first: "…", second: m.notation))
            } else {
                rows.append(MoveRow(number: rows.count + 1, first: m.notation, second: nil))
            }
        }
        moves = rows
        canUndo = view.canUndo
        canResign = view.outcome == nil
    }
}
