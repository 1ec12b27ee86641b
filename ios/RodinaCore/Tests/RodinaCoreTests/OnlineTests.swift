// Online play through the state holders, as two phones use it, against a real `rodina serve`
// process on this Mac. The twin of bindings/kotlin/src/test/kotlin/app/rodina/state/OnlineTest.kt
// (its main flows): keep the two telling the same story.
//
// The server binary comes from the environment: RODINA_SERVER_BIN=/path/to/rodina (built by
// `cargo build -p rodina` at the repository's root), e.g.
//   RODINA_SERVER_BIN=$PWD/../../target/debug/rodina swift test --filter OnlineTests
// Without it the tests are skipped, saying so.

#if os(macOS)
import Foundation
import XCTest
@testable import RodinaCore

/// A real `rodina serve` on a free port of this machine, with its database in `dir`.
final class ServerProcess: @unchecked Sendable {
    let url: String
    private let process: Process
    private let output: Locked<String>

    private init(process: Process, url: String, output: Locked<String>) {
        self.process = process
        self.url = url
        self.output = output
    }

    /// The binary RODINA_SERVER_BIN names; the test is skipped without one.
    static func binary() throws -> URL {
        guard let path = ProcessInfo.processInfo.environment["RODINA_SERVER_BIN"], !path.isEmpty else {
            throw XCTSkip("RODINA_SERVER_BIN is not set: build the server with `cargo build -p rodina` and give its path")
        }
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw XCTSkip("RODINA_SERVER_BIN=\(path) is not an executable: build it with `cargo build -p rodina`")
        }
        return URL(fileURLWithPath: path)
    }

    /// Starts a server; returns once it says it is listening (within `waitSeconds`).
    static func start(dir: URL) throws -> ServerProcess {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = [
            "serve", "--addr", "127.0.0.1:0", "--db", dir.appendingPathComponent("server.db").path,
            // The tests move without thinking: the default rate (10 a second) is a person's.
            "--socket-rate", "100",
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let output = Locked("")
        let ready = Locked<String?>(nil)
        let said = DispatchSemaphore(value: 0)
        // Reads the server's output to its end, so that it never blocks on a full pipe.
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                return
            }
            output.update { $0 += String(decoding: data, as: UTF8.self) }
            if ready.get() == nil, let range = output.get().range(of: #"rodina serve: listening on (\S+:\d+)"#, options: .regularExpression) {
                let line = String(output.get()[range])
                ready.update { $0 = String(line.dropFirst("rodina serve: listening on ".count)) }
                said.signal()
            }
        }
        try process.run()
        if said.wait(timeout: .now() + waitSeconds) == .timedOut {
            process.terminate()
            XCTFail("the server did not say it was listening within \(waitSeconds) s; it said:\n\(output.get())")
            throw TimedOut()
        }
        return ServerProcess(process: process, url: "http://" + (ready.get() ?? ""), output: output)
    }

    /// Stops the server at once (as a crash or a pulled cable would), and waits until it is gone.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(10_000) }
    }

    deinit { stop() }
}

@MainActor
final class OnlineTests: XCTestCase {
    private var dir: URL!
    private var server: ServerProcess!

    override func setUp() async throws {
        dir = try temporaryDirectory(for: self)
        // A server of each test's own: the server limits how many accounts one address makes.
        server = try ServerProcess.start(dir: dir.appendingPathComponent("server"))
    }

    override func tearDown() async throws {
        server?.stop()
        server = nil
    }

    /// A phone: an app with its own database on the test's server, speaking `locale`.
    private func phone(_ name: String, locale: String = "en-GB") async throws -> Harness {
        let folder = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let h = Harness(dir: folder, locale: locale, onlineServer: server.url)
        try await h.start()
        return h
    }

    /// The online game on `h`'s screen, once it is open and live.
    private func liveGame(_ h: Harness) async throws -> OnlineGameController {
        try await eventually("an online game on the screen") {
            if case .onlineGame = h.app.navigator.current { return true }
            return false
        }
        let game = try XCTUnwrap(h.app.onlineGame)
        try await eventually("the game live") {
            game.state.connection == .live && game.state.onlineStatus == .started
        }
        return game
    }

    /// Ann invites Bob to `variant` (Ann plays first, with `clock`); Bob opens the link Ann
    /// shares, sees who invites him, and joins. Both phones end on the game's screen, live.
    private func invitedGame(_ ann: Harness, _ bob: Harness, _ variant: Variant, clock: TimeControl? = nil)
        async throws -> (OnlineGameController, OnlineGameController)
    {
        let annOnline = try XCTUnwrap(ann.app.online)
        ann.app.openGameHome(variant)
        ann.app.openInvite(variant)
        annOnline.chooseSide(.first)
        annOnline.chooseClock(clock)
        annOnline.createInvitation()
        try await eventually("the invitation made") { annOnline.invite.invitation != nil || annOnline.invite.problem != nil }
        XCTAssertNil(annOnline.invite.problem)
        let invitation = try XCTUnwrap(annOnline.invite.invitation)
        XCTAssertTrue(annOnline.invite.waiting)
        XCTAssertEqual(invitation.link, "rodina://join/\(invitation.code)")
        XCTAssertTrue(invitation.shareText.contains(invitation.link))

        // Bob's phone opens the link (as .onOpenURL hands it over).
        XCTAssertTrue(bob.app.openLink(invitation.link))
        XCTAssertEqual(bob.app.navigator.current, .join)
        let bobOnline = try XCTUnwrap(bob.app.online)
        try await eventually("the invitation looked up") { bobOnline.join.invitation != nil || bobOnline.join.problem != nil }
        XCTAssertNil(bobOnline.join.problem)
        XCTAssertEqual(bobOnline.join.code, invitation.code)
        bobOnline.joinGame()
        let a = try await liveGame(ann)
        let b = try await liveGame(bob)
        XCTAssertEqual(a.gameId, b.gameId)
        XCTAssertEqual(ann.app.navigator.backStack, [.home, .gameHome(variant), .onlineGame(a.gameId)])
        XCTAssertEqual(a.state.side, .first)
        XCTAssertEqual(b.state.side, .second)
        return (a, b)
    }

    /// `c`'s player moves `from`-`to` by two taps; waits until both phones have `plies` moves.
    private func move(_ c: OnlineGameController, _ from: Point, _ to: Point, _ other: OnlineGameController, plies: Int) async throws {
        c.tap(c.state.orientation.cell(of: from))
        XCTAssertTrue(c.state.cells.contains { $0.selected }, "picked up at \(from)")
        c.tap(c.state.orientation.cell(of: to))
        for g in [c, other] {
            try await eventually("\(plies) plies") { g.state.plies == plies && !g.state.movePending }
        }
    }

    private func awaitEnd(_ c: OnlineGameController) async throws -> OnlineGameScreenState {
        try await eventually("the end") { c.state.onlineStatus == .ended && c.state.result != nil }
        return c.state
    }

    func testAFriendJoinsByTheLinkAndAXiangqiGameEndsInResignationInEachPhonesLanguage() async throws {
        let ann = try await phone("ann")
        let bob = try await phone("bob", locale: "sk-SK")
        let fivePlusThree = timeControls()[2]
        let (a, b) = try await invitedGame(ann, bob, .xiangqi, clock: fivePlusThree)
        XCTAssertTrue(bob.app.online!.join.invitation!.invitedBy.hasPrefix("Hosť vás pozýva"))
        XCTAssertEqual(a.state.title, "Xiangqi online")
        XCTAssertEqual(a.state.bottomClock?.text, "5:00")
        XCTAssertEqual(b.state.bottomClock?.side, .second, "each phone has its own side at the bottom")
        // Cannons to the centre (C2=5 and its answer).
        try await move(a, point(7, 2), point(4, 2), b, plies: 1)
        try await move(b, point(7, 7), point(4, 7), a, plies: 2)
        try await eventually("Red's clock running") { a.state.bottomClock?.running == true }
        let before = a.state.bottomClock!.ms
        try await eventually("Red's clock counting down") { (a.state.bottomClock?.ms ?? .max) < before }
        XCTAssertTrue(b.resign())
        let annEnd = try await awaitEnd(a)
        let bobEnd = try await awaitEnd(b)
        XCTAssertEqual(annEnd.result, "Red wins: resignation.")
        XCTAssertEqual(bobEnd.result, "Vyhráva Červený: súper sa vzdal.")
        XCTAssertTrue(annEnd.canOfferRematch)
    }

    func testAFriendlyGameEndsByTapsAndARematchIsOfferedAndAccepted() async throws {
        let ann = try await phone("ann")
        let bob = try await phone("bob")
        let (a, b) = try await invitedGame(ann, bob, .friendly)
        try await move(a, point(4, 1), point(4, 2), b, plies: 1) // e2-e3
        try await move(b, point(5, 6), point(5, 5), a, plies: 2) // f7-f6
        try await move(a, point(3, 0), point(7, 4), b, plies: 3) // Qd1-h5
        try await move(b, point(0, 6), point(0, 5), a, plies: 4) // a7-a6
        try await move(a, point(7, 4), point(4, 7), b, plies: 5) // Qh5-e8: the queen bonds with the king
        for c in [a, b] {
            let end = try await awaitEnd(c)
            XCTAssertEqual(end.result, "White wins: a piece bonded with the king.")
        }
        try await eventually("a rematch can be offered") { b.state.canOfferRematch }
        b.offerRematch()
        try await eventually("ann hears of the rematch") { a.state.canAcceptRematch }
        XCTAssertEqual(a.state.rematchText, "Your opponent offers a rematch.")
        a.acceptRematch()
        let first = a.gameId
        try await eventually("both open the new game") {
            if case let .onlineGame(id) = ann.app.navigator.current, id != first,
               case let .onlineGame(other) = bob.app.navigator.current, other == id { return true }
            return false
        }
        let a2 = try await liveGame(ann)
        XCTAssertEqual(a2.state.side, .second, "colours swap: Bob plays first")
    }

    func testADrawOfferedIsAccepted() async throws {
        let ann = try await phone("ann")
        let bob = try await phone("bob")
        let (a, b) = try await invitedGame(ann, bob, .xiangqi)
        try await move(a, point(7, 2), point(4, 2), b, plies: 1)
        try await move(b, point(7, 7), point(4, 7), a, plies: 2)
        XCTAssertTrue(a.offerDraw())
        try await eventually("bob hears the offer") { b.state.canAnswerDraw }
        XCTAssertEqual(b.state.drawText, "Your opponent offers a draw.")
        XCTAssertTrue(b.acceptDraw())
        for c in [a, b] {
            let end = try await awaitEnd(c)
            XCTAssertEqual(end.result, "Draw: the players agreed.")
        }
    }

    func testAStoppedServerShowsTheGameReconnectingThenOffline() async throws {
        let ann = try await phone("ann")
        let bob = try await phone("bob")
        let (a, _) = try await invitedGame(ann, bob, .xiangqi)
        XCTAssertNil(a.state.connectionText)
        server.stop()
        try await eventually("the connection lost") {
            switch a.state.connection {
            case .reconnecting, .offline: return true
            default: return false
            }
        }
        let said = try XCTUnwrap(a.state.connectionText)
        XCTAssertTrue(said.hasPrefix("Connection lost") || said.hasPrefix("Offline"), said)
        // An action while away is not sent, and the core says why.
        XCTAssertFalse(a.offerDraw())
        XCTAssertEqual(a.state.message, "Not connected: try again once the game is back online.")
    }

    func testAnUnknownCodeIsRefusedWithTheCoresSentenceInEnglishAndSlovak() async throws {
        let ann = try await phone("ann")
        let bob = try await phone("bob", locale: "sk-SK")
        XCTAssertFalse(ann.app.openLink("https://example.com/nothing"))
        for (phone, expected) in [(ann, "There is no such invitation or game."), (bob, "Takáto pozvánka ani partia neexistuje.")] {
            let online = try XCTUnwrap(phone.app.online)
            phone.app.openJoin()
            online.setCode("zzzz-2222")
            XCTAssertTrue(online.join.canJoin)
            online.joinGame()
            try await eventually("the refusal") { !online.join.busy && online.join.problem != nil }
            XCTAssertEqual(online.join.problem, expected)
            XCTAssertEqual(phone.app.navigator.current, .join, "no game opened")
        }
        XCTAssertEqual(onlineLabel(language: .slovak, label: .joinButton), "Pripojiť sa")
    }
}
#endif
