// The game screen's state holder for every game. The Swift twin of the Android app's
// GameController.kt (android/app/src/main/kotlin/app/rodina/state), which the JVM tests
// cover: keep the two telling the same story.

import Combine
import Foundation

/// Everything the game screen draws. Every text is in `language`, from the core's catalog.
public struct GameScreenState: BoardScreenState, Equatable, Sendable {
    /// The game.
    public let variant: Variant
    /// The board it is drawn on.
    public let board: BoardKind
    /// The language of every text here.
    public let language: Language
    /// Which way up the board is drawn.
    public let orientation: Orientation
    /// Row by row from the top of the screen; empty while the device is handed over.
    public let cells: [CellUi]
    /// The piece a chain released, drawn raised over its cell (the one `hovering`).
    public let hoveringPiece: PieceUi?
    /// The bar at the top of the screen (the opponent of the side at the bottom).
    public let topBar: BarUi?
    /// The bar at the bottom of the screen.
    public let bottomBar: BarUi?
    /// Whose turn, check, the piece that moves next in a chain, the hand-over, the result.
    public let status: String
    /// The result as a sentence once the game is over.
    public let result: String?
    /// "Last move: C2=5", for the board's accessible description.
    public let lastMove: String?
    /// The move list, a row per move number.
    public let moves: [MoveRow]
    /// While the device waits to be handed to the next player: the hand-over screen instead
    /// of the board.
    public let handOver: HandOverText?
    /// A promotion to choose now.
    public let promotion: PromotionUi?
    /// A move of several steps is under way: offer "start the move again".
    public let canRestartMove: Bool
    /// Undo would take something back.
    public let canUndo: Bool
    /// The person may resign now.
    public let canResign: Bool
    /// Two people share the device and the game is on: offer a draw they agree.
    public let canAgreeDraw: Bool
    /// The game is over.
    public let finished: Bool
    /// A bot is thinking: show it; the board stays drawn.
    public let thinking: Bool
    /// The bot was stopped and waits to be let go on.
    public let botStopped: Bool
    /// Why the last tap did nothing; nil when there is nothing to say.
    public let message: String?
    /// Why the last save failed; it stays until a save succeeds or it is dismissed.
    public let saveProblem: String?
    /// The saved game's id once the game has been saved.
    public let savedId: Int64?

    /// What stands in for the state while a controller builds its first one; never drawn.
    static let placeholder = GameScreenState(
        variant: .xiangqi, board: .intersections, language: .english,
        orientation: Orientation(files: 9, ranks: 10, flipped: false), cells: [],
        hoveringPiece: nil, topBar: nil, bottomBar: nil, status: "", result: nil,
        lastMove: nil, moves: [], handOver: nil, promotion: nil, canRestartMove: false,
        canUndo: false, canResign: false, canAgreeDraw: false, finished: false, thinking: false, botStopped: false,
        message: nil, saveProblem: nil, savedId: nil)
}

/// The game screen's state holder for every game: forwards taps, drags, promotion choices,
/// hand-overs and take-backs to the core's `GameSession`, keeps a `GameScreenState` for the
/// screen to draw, lets the bot move, and saves the game after every change.
///
/// Threads: main-actor isolated, like the screens that call it; nothing here blocks. The bot
/// thinks through the core's `playBotMove`, an async call whose search runs on the core's
/// own threads, so the main actor stays free while it thinks. Saves go through `saver`,
/// whose tasks outlive this controller and its screen: a save started is never cancelled,
/// and `close()` hands it to whoever must wait for it.
///
/// Plain Swift (no SwiftUI): `swift test` covers it on a Mac against the real library.
@MainActor
public final class GameController: ObservableObject, BoardControls {
    /// What the screen draws.
    @Published public private(set) var state: GameScreenState = .placeholder

    /// The session (for what the screens need beyond the board, and for tests).
    public let game: GameSession

    private let saver: Saver?
    private var settings: Settings
    /// Caps a bot's thinking time (ms) on top of its level's node budget; nil: the budget alone.
    private let botTimeLimitMs: UInt32?
    private var manualFlip = false
    /// The bot's thinking this screen waits for; nil when none (or when it was stopped).
    private var botTask: Task<Void, Never>?
    /// Counts the bot's turns, so that a thinking left behind (stopped, or dropped by an
    /// undo that already started the next) is told from the live one when it returns.
    private var botTicket = 0
    /// Every bot task not yet returned, the stopped ones too: `awaitBot()` waits for all.
    private var botTasks: [Int: Task<Void, Never>] = [:]
    private var botStopped = false
    private var closed = false
    private var message: String?
    private var saveProblem: Problem?

    /// A controller for `session`, saving through `saver` (nil: never saved, as in tests of
    /// one screen), drawn with `settings` in `language`. A bot to move starts thinking at once.
    public init(
        session: GameSession,
        saver: Saver?,
        settings: Settings,
        language: Language,
        botTimeLimitMs: UInt32? = nil
    ) {
        game = session
        self.saver = saver
        self.settings = settings
        self.botTimeLimitMs = botTimeLimitMs
        session.setLanguage(language: language)
        letBotMove()
        state = render()
    }

    /// A tap on a screen cell.
    public func tap(_ cell: Cell) {
        guard let point = state.orientation.point(at: cell) else { return }
        handle(game.tap(point: point))
    }

    /// A piece dragged from one screen cell and dropped on another.
    public func drag(from: Cell, to: Cell) {
        let orientation = state.orientation
        guard let start = orientation.point(at: from), let end = orientation.point(at: to) else { return }
        handle(game.drag(from: start, to: end))
    }

    /// The piece a pawn becomes, from `GameScreenState.promotion`'s choices.
    public func choosePromotion(_ kind: PieceKind) {
        handle(game.choosePromotion(kind: kind))
    }

    /// Starts a move of several steps again (Friendly chess chains).
    public func restartMove() {
        _ = game.restartMove()
        publish(message: nil)
    }

    /// The next player has the device: show the board.
    public func confirmHandOver() {
        if game.confirmHandOver() { publish(message: nil) }
    }

    /// Takes back the last move (or a resignation); a bot thinking stops (the core drops its
    /// move, and its `playBotMove` returns nil).
    public func undo() {
        if game.undo() { changed() } else { publish(message: nil) }
    }

    /// Resigns for the person on this device (in pass-and-play: the side to move).
    public func resign() {
        do {
            _ = try game.resign()
            changed()
        } catch {
            publish(message: problemText(language: language, problem: problemOf(error)))
        }
    }

    /// Ends the game in a draw both people at the board agree to; undo takes it back.
    public func agreeDraw() {
        do {
            _ = try game.agreeDraw()
            changed()
        } catch {
            publish(message: problemText(language: language, problem: problemOf(error)))
        }
    }

    /// Turns the board round (on top of what the settings do).
    public func flip() {
        manualFlip.toggle()
        publish()
    }

    /// Stops the bot thinking; it plays nothing until `letBotGoOn()`. Cancelling the task is
    /// not enough: UniFFI's Swift futures do not see task cancellation, so the core is told
    /// to stop its search too.
    public func stopBot() {
        botStopped = true
        botTask?.cancel()
        botTask = nil
        game.stopThinking()
        publish()
    }

    /// Lets a stopped bot think again.
    public func letBotGoOn() {
        botStopped = false
        letBotMove()
        publish()
    }

    /// Clears the tap message and the save problem.
    public func dismissMessage() {
        saveProblem = nil
        publish(message: nil)
    }

    /// The texts' language changed.
    public func setLanguage(_ language: Language) {
        game.setLanguage(language: language)
        publish()
    }

    /// The settings changed (labels, highlights, turning the board).
    public func setSettings(_ new: Settings) {
        settings = new
        publish()
    }

    /// Leaves the game: a bot thinking stops and plays nothing (the game stays saved with the
    /// bot to move; it moves when the game is resumed). Returns the save still being written,
    /// if any: wait for it before reading the saved games.
    @discardableResult
    public func close() -> Task<Void, Never>? {
        closed = true
        botTask?.cancel()
        botTask = nil
        game.stopThinking()
        publish()
        return saver?.pending(game)
    }

    /// Waits until no bot task is running any more, stopped ones included (tests; a screen
    /// just draws `state`). A bot that moves and leaves another bot to move is waited for too.
    public func awaitBot() async {
        while let task = botTasks.values.first {
            await task.value
        }
    }

    private var language: Language { game.language() }

    /// Lets the bot to move think, unless one already does, it was stopped or the screen closed.
    private func letBotMove() {
        guard !closed, !botStopped, botTask == nil else { return }
        guard case .bot = game.awaiting() else { return }
        botTicket += 1
        let ticket = botTicket
        let session = game
        let limit = botTimeLimitMs
        // The task inherits the main actor: only the await leaves it. Its body runs after this
        // method returns, so `botTask` is set before the task can look at it.
        let task = Task { [weak self] in
            var played: MoveRecord?
            var failure: Error?
            // Stopped or closed in the same turn, before it began: do not start thinking (a
            // stop the core gets before the search has begun would not reach the search).
            if !Task.isCancelled {
                do {
                    played = try await session.playBotMove(timeLimitMs: limit)
                } catch {
                    failure = error
                }
            }
            self?.botReturned(ticket: ticket, played: played, failure: failure)
        }
        botTask = task
        botTasks[ticket] = task
    }

    /// A bot's thinking returned: its move was played (or nothing was, or it failed).
    private func botReturned(ticket: Int, played: MoveRecord?, failure: Error?) {
        botTasks[ticket] = nil
        // The live thinking, or one stopped (stopBot, close) or left behind by a newer one.
        let live = ticket == botTicket && botTask != nil
        if live { botTask = nil }
        if let failure {
            guard live else { return }
            let problem = problemOf(failure, context: { .bot(detail: $0) })
            publish(message: problemText(language: language, problem: problem))
            return
        }
        if played != nil {
            // The core has played the move into the game, even for a bot stopped a moment too
            // late: the screen and the saved game must show it (unless the screen is gone).
            if !closed { changed() }
            return
        }
        // Nil: the game changed while it thought (an undo), or it was stopped. A stopped or
        // left-behind thinking is over: the screen already says what it should. Otherwise
        // redraw, and if a bot is to move in the game as it is now, let it think (unless it
        // was stopped on purpose or the screen closed: letBotMove checks).
        guard live else { return }
        letBotMove()
        publish()
    }

    private func handle(_ result: TapResult) {
        switch result {
        case .moved:
            changed()
        case let .refused(refusal):
            publish(message: refusal.message)
        default:
            publish(message: nil)
        }
    }

    /// The game changed: redraw, let a bot move, save.
    private func changed() {
        message = nil
        letBotMove()
        publish()
        saver?.save(game) { [weak self] outcome in
            // On the main actor: a save's result is drawn unless the screen is gone. Success
            // clears a problem shown before; a failure stays until then (or until dismissed).
            guard let self else { return }
            self.saveProblem = outcome.problem
            self.publish()
        }
    }

    private func publish() {
        state = render()
    }

    private func publish(message: String?) {
        self.message = message
        publish()
    }

    private func flipped(_ view: BoardView) -> Bool {
        let auto: Bool
        switch (game.player(side: .first), game.player(side: .second)) {
        // Against a bot the person's side sits at the bottom.
        case (.bot, .person): auto = true
        case (.person, .bot): auto = false
        // Pass-and-play: face the side to move if the player asked for it.
        default: auto = settings.rotateBoard && view.toMove == .second
        }
        return auto != manualFlip
    }

    private func render() -> GameScreenState {
        let view = game.view()
        let language = self.language
        let files = Int(view.files)
        let ranks = Int(view.ranks)
        let orientation = Orientation(files: files, ranks: ranks, flipped: flipped(view))
        let hidden = view.handOver != nil
        let boardUi = BoardUi(view: view, orientation: orientation, language: language, settings: settings)
        let thinking = botTask != nil
        var botToMove = false
        if case .bot = view.awaiting { botToMove = true }
        let status = thinking && botToMove
            ? "\(view.status) · \(uiText(language: language, text: .gameThinking))"
            : view.status
        return GameScreenState(
            variant: view.variant,
            board: boardKind(view.variant),
            language: language,
            orientation: orientation,
            cells: hidden ? [] : boardUi.cells(),
            hoveringPiece: hidden ? nil : boardUi.hoveringPiece(),
            topBar: boardUi.topBar(),
            bottomBar: boardUi.bottomBar(),
            status: status,
            result: view.result,
            lastMove: view.lastMoveText,
            moves: view.moveRows,
            handOver: view.handOver,
            promotion: boardUi.promotion(),
            canRestartMove: view.moveStarted,
            canUndo: view.canUndo,
            canResign: view.outcome == nil && !hidden,
            canAgreeDraw: view.canAgreeDraw && !hidden,
            finished: view.outcome != nil,
            thinking: thinking,
            botStopped: botStopped && botToMove,
            message: message,
            saveProblem: saveProblem.map { problemText(language: language, problem: $0) },
            savedId: game.savedId())
    }
}
