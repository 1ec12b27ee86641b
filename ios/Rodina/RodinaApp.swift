import RodinaCore
import SwiftUI

/// The app: opens the store in Application Support and shows the saved games, a new game, a
/// game in play, or why the store could not be opened (its file is never replaced silently).
@main
struct RodinaApp: App {
    @StateObject private var app = AppModel()

    var body: some Scene {
        WindowGroup {
            if let error = app.startupError {
                VStack(alignment: .leading, spacing: 12) {
                    Text("Rodina cannot open its saved games").font(.title2)
                    Text(error)
                }
                .padding()
            } else {
                HomeView().environmentObject(app)
            }
        }
    }
}

/// The app's state below the screens (the twin of the Android app's AppController).
@MainActor
final class AppModel: ObservableObject {
    @Published private(set) var games: [GameSummary] = []
    @Published var message: String?
    @Published var game: GameModel?
    @Published private(set) var settings: RodinaCore.Settings
    /// The bot levels for the new-game form, weakest first.
    let levels: [BotLevel] = botLevels()
    let startupError: String?
    private let store: Store?

    init() {
        var store: Store?
        var error: String?
        do {
            let dir = try FileManager.default.url(
                for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
            store = try Store.open(path: dir.appendingPathComponent("rodina.db").path)
        } catch {
            error = Texts.message(error)
        }
        self.store = store
        self.startupError = error
        self.settings = (try? store?.settings()) ?? RodinaCore.Settings(
            showLegalTargets: true, showLastMove: true, rotateBoard: false, pieceStyle: .characters)
        refresh()
    }

    func refresh() {
        guard let store else { return }
        do { games = try store.listGames() } catch { message = Texts.message(error) }
    }

    /// Starts a game of Xiangqi: against a bot of level `botLevel` (an id) with the person
    /// playing `personSide`, or, with no level, for two people on this device.
    func start(handicap: Handicap?, botLevel: String?, personSide: Side) {
        var first = Player.person, second = Player.person
        if let level = botLevel {
            if personSide == .first { second = .bot(level: level) } else { first = .bot(level: level) }
        }
        do {
            let session = try GameSession(options: NewGame(
                variant: .xiangqi, handicap: handicap, fen: nil, first: first, second: second))
            open(session)
        } catch {
            message = Texts.message(error)
        }
    }

    func resume(_ id: Int64) {
        guard let store else { return }
        do {
            open(try GameSession.resume(store: store, id: id))
        } catch {
            message = Texts.message(error)
        }
    }

    /// Leaves the game on screen: its bot stops and plays nothing.
    func leaveGame() {
        game?.close()
        game = nil
        refresh()
    }

    private func open(_ session: GameSession) {
        game?.close()
        game = GameModel(session: session, store: store, settings: settings)
    }

    func delete(_ id: Int64) {
        guard let store else { return }
        do {
            _ = try store.deleteGame(id: id)
            refresh()
        } catch {
            message = Texts.message(error)
        }
    }

    func update(_ new: RodinaCore.Settings) {
        guard let store else { return }
        do {
            try store.setSettings(settings: new)
            settings = new
        } catch {
            message = Texts.message(error)
        }
    }
}
