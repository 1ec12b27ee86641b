// The online game screen's state holder. The Swift twin of the Android app's
// OnlineGameController.kt (android/app/src/main/kotlin/app/rodina/state), which the JVM tests
// cover against a real server: keep the two telling the same story.

import Combine
import Foundation

/// A player's clock as drawn beside their bar.
public struct ClockUi: Equatable, Sendable {
    public let side: Side
    /// "4:59", "0:09.5".
    public let text: String
    public let ms: UInt64
    /// This clock is counting down now.
    public let running: Bool
    /// Under ten seconds and counting: drawn in the warning colour.
    public let low: Bool
}

/// Everything the online game screen draws: the board (drawn by the same view as every
/// game's), both clocks, the connection, the offers, the result with the Jieqi deal's check,
/// the rematch. Every text is in `language`, from the core's catalog.
public struct OnlineGameScreenState: BoardScreenState, Equatable, Sendable {
    public let variant: Variant
    public let board: BoardKind
    public let language: Language
    /// "Xiangqi online".
    public let title: String
    /// The game's id on the server.
    public let game: String
    public let orientation: Orientation
    public let cells: [CellUi]
    public let hoveringPiece: PieceUi?
    public let topBar: BarUi?
    public let bottomBar: BarUi?
    /// Whose turn, waiting for the opponent, sending the move, the result.
    public let status: String
    public let lastMove: String?
    public let moves: [MoveRow]
    /// Moves played so far (confirmed or on their way).
    public let plies: Int
    public let promotion: PromotionUi?
    public let canRestartMove: Bool
    /// The game is being opened (its state has not arrived).
    public let opening: Bool
    /// Why the game could not be opened; the screen offers only the way back.
    public let openProblem: String?
    /// The side this device plays; nil for a spectator.
    public let side: Side?
    public let onlineStatus: OnlineStatus
    public let connection: ConnectionState
    /// The connection as said to the player; nil while live.
    public let connectionText: String?
    /// The clock beside the top bar; nil for a game without a clock.
    public let topClock: ClockUi?
    /// The clock beside the bottom bar.
    public let bottomClock: ClockUi?
    /// The players, the first player's first.
    public let players: [OnlinePlayer]
    /// The standing draw offer as said to the player.
    public let drawText: String?
    public let canOfferDraw: Bool
    /// The opponent's draw offer can be accepted or declined.
    public let canAnswerDraw: Bool
    public let canResign: Bool
    public let canAbort: Bool
    public let canClaimWin: Bool
    /// Said while the opponent is away.
    public let opponentAwayText: String?
    public let canOfferRematch: Bool
    /// The opponent's rematch offer can be accepted.
    public let canAcceptRematch: Bool
    /// The rematch offered, either way, as said to the player.
    public let rematchText: String?
    /// A rematch is being offered or accepted.
    public let rematchBusy: Bool
    /// The result, once over ("Red wins: resignation.").
    public let result: String?
    public let finished: Bool
    /// The Jieqi deal's check; nil for the other games.
    public let dealCheck: DealCheck?
    /// The deal's check as said to the player.
    public let dealText: String?
    /// A move is on its way to the server.
    public let movePending: Bool
    /// Why the last tap or action did nothing, or what went wrong last.
    public let message: String?
}

/// What the core's game listener heard, handed to the main actor.
enum GameEvent: Sendable {
    case view(OnlineGameView)
    case clock(OnlineClock)
}

/// Hears an open game on the core's threads and hands each change on (to a closure that hops
/// to the main actor).
final class GameListener: OnlineGameListener, @unchecked Sendable {
    private let deliver: @Sendable (GameEvent) -> Void

    init(_ deliver: @escaping @Sendable (GameEvent) -> Void) {
        self.deliver = deliver
    }

    func onView(view: OnlineGameView) { deliver(.view(view)) }
    func onClock(clock: OnlineClock) { deliver(.clock(clock)) }
}

/// The online game screen's state holder: opens game `gameId` through `play`, draws each view
/// the core's `OnlineGameListener` hands over (moves, offers, the connection, the end) and
/// each clock tick, and forwards taps, drags, promotion choices, offers, resignation, abort
/// and claims to the core's `OnlineGame`, which sends them. The core runs the network loop;
/// this controller never polls. `close()` lets the game go, which stops its loop and its
/// listener.
///
/// A rematch offered is waited for here (its invitation watched); accepted, or joined when the
/// opponent offered it, the new game opens through `onNewGame`.
@MainActor
public final class OnlineGameController: ObservableObject, BoardControls {
    /// What the screen draws.
    @Published public private(set) var state: OnlineGameScreenState

    /// The game's id on the server.
    public let gameId: String
    private let play: OnlinePlay
    private var settings: Settings
    private var language: Language
    private let onNewGame: @MainActor (String) -> Void
    private var game: OnlineGame?
    private var view: OnlineGameView?
    private var clock: OnlineClock?
    private var openProblem: String?
    private var message: String?
    private var manualFlip = false
    private var closed = false
    private var rematchWatch: InvitationWatch?
    private var rematchTicket = 0
    private var rematchBusy = false
    private var openTask: Task<Void, Never>?

    /// A controller for game `gameId` on `play`, drawn with `settings` in `language`;
    /// `onNewGame` opens a rematch's game in its place. `start()` opens the game.
    public init(play: OnlinePlay, gameId: String, settings: Settings, language: Language,
                onNewGame: @escaping @MainActor (String) -> Void) {
        self.play = play
        self.gameId = gameId
        self.settings = settings
        self.language = language
        self.onNewGame = onNewGame
        state = OnlineGameController.placeholder(gameId: gameId, language: language, problem: nil, flipped: false, message: nil)
    }

    /// The game, once open (for what a screen needs beyond `state`).
    public var online: OnlineGame? { game }

    /// Opens the game (the core connects and keeps it in step from now on). Returns the work (tests).
    @discardableResult
    public func start() -> Task<Void, Never> {
        let listener = GameListener { [weak self] event in
            Task { @MainActor in self?.heard(event) }
        }
        let play = self.play
        let gameId = self.gameId
        let task = Task {
            do {
                let opened = try await play.openGame(game: gameId, listener: listener)
                // The screen was left while the game opened: `opened` goes with this task.
                if closed { return }
                opened.setLanguage(language: language)
                game = opened
                refresh()
            } catch {
                openProblem = onlineErrorText(language, error)
                publish()
            }
        }
        openTask = task
        return task
    }

    private func heard(_ event: GameEvent) {
        if closed { return }
        switch event {
        case let .view(v):
            view = v
            clock = v.clock
        case let .clock(c):
            clock = c
        }
        publish()
    }

    /// A tap on a screen cell.
    public func tap(_ cell: Cell) {
        guard let game, let point = state.orientation.point(at: cell) else { return }
        handle(game.tap(point: point))
    }

    /// A piece dragged from one screen cell and dropped on another.
    public func drag(from: Cell, to: Cell) {
        let orientation = state.orientation
        guard let game, let start = orientation.point(at: from), let end = orientation.point(at: to) else { return }
        handle(game.drag(from: start, to: end))
    }

    /// The piece a pawn becomes (Friendly chess).
    public func choosePromotion(_ kind: PieceKind) {
        guard let game else { return }
        handle(game.choosePromotion(kind: kind))
    }

    /// Starts a move of several steps again (Friendly chess chains).
    public func restartMove() {
        _ = game?.restartMove()
        refresh(message: nil)
    }

    /// Turns the board round (this player's side is at the bottom otherwise).
    public func flip() {
        manualFlip.toggle()
        publish()
    }

    /// Offers a draw.
    @discardableResult public func offerDraw() -> Bool { act { $0.offerDraw() } }
    /// Accepts the opponent's draw offer.
    @discardableResult public func acceptDraw() -> Bool { act { $0.acceptDraw() } }
    /// Declines the opponent's draw offer.
    @discardableResult public func declineDraw() -> Bool { act { $0.declineDraw() } }
    /// Resigns.
    @discardableResult public func resign() -> Bool { act { $0.resign() } }
    /// Aborts the game (before each side has moved).
    @discardableResult public func abort() -> Bool { act { $0.abort() } }
    /// Claims the win over an opponent gone long enough.
    @discardableResult public func claimWin() -> Bool { act { $0.claimWin() } }

    /// Sends an action; the core says in its view why one could not be sent, and the server's
    /// answer arrives through the listener.
    private func act(_ send: (OnlineGame) -> Bool) -> Bool {
        guard let game else { return false }
        let sent = send(game)
        refresh(message: nil)
        return sent
    }

    /// Offers a rematch (the game is over) and waits for the opponent to accept it; then the
    /// new game opens. Returns the work (tests).
    @discardableResult
    public func offerRematch() -> Task<Void, Never>? {
        guard let game, !rematchBusy, rematchWatch == nil else { return nil }
        rematchBusy = true
        publish()
        let play = self.play
        return Task {
            do {
                let invitation = try await game.offerRematch()
                if !closed {
                    rematchTicket += 1
                    let ticket = rematchTicket
                    let listener = WaitListener { [weak self] event in
                        Task { @MainActor in self?.heardRematch(event, ticket: ticket) }
                    }
                    rematchWatch = try play.watchInvitation(code: invitation.code, listener: listener)
                }
            } catch {
                message = onlineErrorText(language, error)
            }
            rematchBusy = false
            refresh()
        }
    }

    private func heardRematch(_ event: WaitEvent, ticket: Int) {
        guard !closed, ticket == rematchTicket, rematchWatch != nil else { return }
        switch event {
        case let .accepted(game):
            stopRematchWatch()
            onNewGame(game)
        case let .ended(problem):
            stopRematchWatch()
            message = problem
            publish()
        case .problem:
            break
        }
    }

    private func stopRematchWatch() {
        rematchWatch?.cancel()
        rematchWatch = nil
        rematchTicket += 1
    }

    /// Accepts the opponent's rematch: joins its invitation and opens the new game. Returns
    /// the work (tests).
    @discardableResult
    public func acceptRematch() -> Task<Void, Never>? {
        guard case let .received(code) = view?.rematch, !rematchBusy else { return nil }
        rematchBusy = true
        publish()
        let play = self.play
        return Task {
            do {
                let joined = try await play.join(code: code)
                rematchBusy = false
                publish()
                if !closed { onNewGame(joined.game) }
            } catch {
                rematchBusy = false
                message = onlineErrorText(language, error)
                publish()
            }
        }
    }

    /// Clears the message.
    public func dismissMessage() {
        message = nil
        publish()
    }

    /// The app went to the background: the socket closes, the game shows as paused.
    public func suspend() {
        game?.suspend()
        refresh()
    }

    /// The app came back: the game connects again and catches up.
    public func resume() {
        game?.resume()
        refresh()
    }

    /// The texts' language changed.
    public func setLanguage(_ new: Language) {
        language = new
        game?.setLanguage(language: new)
        refresh()
    }

    /// The settings changed (labels, highlights).
    public func setSettings(_ new: Settings) {
        settings = new
        publish()
    }

    /// Leaves the game: the core's network loop stops (the game is let go) and the listener
    /// is heard no more (the game goes on on the server; opening it again catches up).
    public func close() {
        if closed { return }
        closed = true
        openTask?.cancel()
        stopRematchWatch()
        game = nil
    }

    private func handle(_ result: TapResult) {
        if case let .refused(refusal) = result {
            refresh(message: refusal.message)
        } else {
            refresh(message: nil)
        }
    }

    /// Takes the game's view now (after a tap or an action) and draws it.
    private func refresh() {
        if let game, !closed {
            let v = game.view()
            view = v
            clock = v.clock
        }
        publish()
    }

    private func refresh(message: String?) {
        self.message = message
        refresh()
    }

    private func publish() {
        state = render()
    }

    private func clockUi(_ side: Side, _ c: OnlineClock) -> ClockUi {
        let ms = side == .first ? c.firstMs : c.secondMs
        let running = c.running == side
        return ClockUi(side: side, text: side == .first ? c.firstText : c.secondText, ms: ms,
                       running: running, low: running && ms < 10_000)
    }

    private static func placeholder(gameId: String, language: Language, problem: String?, flipped: Bool,
                                    message: String?) -> OnlineGameScreenState {
        OnlineGameScreenState(
            variant: .xiangqi, board: .intersections, language: language, title: "", game: gameId,
            orientation: Orientation(files: 9, ranks: 10, flipped: flipped), cells: [], hoveringPiece: nil,
            topBar: nil, bottomBar: nil, status: "", lastMove: nil, moves: [], plies: 0, promotion: nil,
            canRestartMove: false, opening: problem == nil, openProblem: problem, side: nil,
            onlineStatus: .waiting, connection: .connecting, connectionText: nil, topClock: nil,
            bottomClock: nil, players: [], drawText: nil, canOfferDraw: false, canAnswerDraw: false,
            canResign: false, canAbort: false, canClaimWin: false, opponentAwayText: nil,
            canOfferRematch: false, canAcceptRematch: false, rematchText: nil, rematchBusy: false,
            result: nil, finished: false, dealCheck: nil, dealText: nil, movePending: false, message: message)
    }

    private func render() -> OnlineGameScreenState {
        guard let v = view else {
            return OnlineGameController.placeholder(
                gameId: gameId, language: language, problem: openProblem, flipped: manualFlip, message: message)
        }
        let board = v.board
        // This player's side at the bottom (a spectator sees the first player's), unless turned round.
        let flipped = (v.side == .second) != manualFlip
        let orientation = Orientation(files: Int(board.files), ranks: Int(board.ranks), flipped: flipped)
        let boardUi = BoardUi(view: board, orientation: orientation, language: language, settings: settings)
        let bottomSide: Side = flipped ? .second : .first
        let topSide: Side = flipped ? .first : .second
        let over = v.status == .ended || v.status == .aborted
        var canAccept = false
        if case .received = v.rematch { canAccept = !rematchBusy }
        return OnlineGameScreenState(
            variant: v.variant,
            board: boardKind(v.variant),
            language: language,
            title: onlineTitle(language: language, variant: v.variant),
            game: v.game,
            orientation: orientation,
            cells: boardUi.cells(),
            hoveringPiece: boardUi.hoveringPiece(),
            topBar: boardUi.topBar(),
            bottomBar: boardUi.bottomBar(),
            status: board.status,
            lastMove: board.lastMoveText,
            moves: board.moveRows,
            plies: Int(board.plyCount),
            promotion: boardUi.promotion(),
            canRestartMove: board.moveStarted,
            opening: false,
            openProblem: nil,
            side: v.side,
            onlineStatus: v.status,
            connection: v.connection,
            connectionText: v.connectionText,
            topClock: clock.map { clockUi(topSide, $0) },
            bottomClock: clock.map { clockUi(bottomSide, $0) },
            players: v.players,
            drawText: v.drawText,
            canOfferDraw: v.canOfferDraw,
            canAnswerDraw: v.canAnswerDraw,
            canResign: v.canResign,
            canAbort: v.canAbort,
            canClaimWin: v.canClaimWin,
            opponentAwayText: v.opponentAwayText,
            canOfferRematch: v.canOfferRematch && !rematchBusy && rematchWatch == nil,
            canAcceptRematch: canAccept,
            rematchText: v.rematchText,
            rematchBusy: rematchBusy,
            result: v.result,
            finished: over,
            dealCheck: v.dealCheck,
            dealText: v.dealText,
            movePending: v.movePending,
            message: message ?? v.message)
    }
}
