import RodinaCore
import SwiftUI

/// Saved games, newest first; a new game; settings.
struct HomeView: View {
    @EnvironmentObject var app: AppModel
    @State private var choosing = false

    var body: some View {
        NavigationStack {
            List {
                if let message = app.message {
                    Text(message).foregroundStyle(.red)
                }
                ForEach(app.games, id: \.id) { g in
                    Button {
                        app.resume(g.id)
                    } label: {
                        VStack(alignment: .leading) {
                            Text("Xiangqi").font(.headline)
                            Text(summary(g)).font(.caption)
                        }
                    }
                    .swipeActions { Button("Delete", role: .destructive) { app.delete(g.id) } }
                }
            }
            .navigationTitle("Rodina")
            .toolbar {
                ToolbarItem { Button("New game") { choosing = true } }
                ToolbarItem(placement: .navigationBarLeading) {
                    NavigationLink("Settings") { SettingsView() }
                }
            }
            .sheet(isPresented: $choosing) {
                NewGameView { handicap, level, side in
                    choosing = false
                    app.start(handicap: handicap, botLevel: level, personSide: side)
                }
                .environmentObject(app)
            }
            .navigationDestination(isPresented: Binding(
                get: { app.game != nil },
                set: { if !$0 { app.leaveGame() } }
            )) {
                if let game = app.game { GameView(game: game) }
            }
        }
    }

    private func summary(_ g: GameSummary) -> String {
        let moves = g.plyCount == 1 ? "1 move" : "\(g.plyCount) moves"
        return moves + " · " + (g.outcome.map { Texts.outcome(g.variant, $0) } ?? "in progress")
    }
}

/// Options of a new game of Xiangqi: the opponent (a person on this device or a bot of a
/// level), the person's side against a bot, and a handicap Red gives.
struct NewGameView: View {
    @EnvironmentObject var app: AppModel
    let play: (Handicap?, String?, Side) -> Void
    @State private var botLevel: String?
    @State private var personSide: Side = .first
    @State private var handicap: Handicap?
    // The core names the levels in English and Slovak; other languages read English.
    private let language = Locale.current.language.languageCode?.identifier ?? "en"

    var body: some View {
        NavigationStack {
            Form {
                Picker("Opponent", selection: $botLevel) {
                    Text("A person on this device").tag(String?.none)
                    ForEach(app.levels, id: \.id) { level in
                        Text("Bot: " + Texts.levelName(level, language)).tag(String?.some(level.id))
                    }
                }
                if botLevel != nil {
                    Picker("You play", selection: $personSide) {
                        Text("Red (you move first)").tag(Side.first)
                        Text("Black (the bot moves first)").tag(Side.second)
                    }
                }
                Picker("Handicap", selection: $handicap) {
                    Text("No handicap").tag(Handicap?.none)
                    Text("Red gives a horse").tag(Handicap?.some(.horse))
                    Text("Red gives both horses").tag(Handicap?.some(.twoHorses))
                    Text("Red gives a cannon").tag(Handicap?.some(.cannon))
                    Text("Red gives a chariot").tag(Handicap?.some(.chariot))
                }
            }
            .navigationTitle("New game of Xiangqi")
            .toolbar {
                ToolbarItem(placement: .confirmationAction) {
                    Button("Play") { play(handicap, botLevel, personSide) }
                }
            }
        }
    }
}

/// A game: who moves next (with a spinner while a bot thinks), the board, the message,
/// actions and the move list. Undo and Resign stay usable while a bot thinks: both stop it.
struct GameView: View {
    @ObservedObject var game: GameModel

    var body: some View {
        VStack(spacing: 8) {
            HStack {
                Text(game.status).font(.headline)
                if game.thinking { ProgressView() }
            }
            XiangqiBoardView(game: game)
            if let message = game.message {
                Text(message).foregroundStyle(.red).onTapGesture { game.message = nil }
            }
            HStack {
                Button("Undo", action: game.undo).disabled(!game.canUndo)
                Button("Resign", action: game.resign).disabled(!game.canResign)
                Button("Flip", action: game.flip)
            }
            List(game.moves) { row in
                Text("\(row.number). \(row.first)  \(row.second ?? "")")
            }
        }
        .padding(.horizontal)
    }
}

/// The Xiangqi board: lines, river, palaces, pieces and highlights, all from the game model.
struct XiangqiBoardView: View {
    @ObservedObject var game: GameModel
    @State private var dragFrom: Cell?
    @State private var dragAt: CGPoint = .zero

    var body: some View {
        let o = game.orientation
        GeometryReader { geo in
            let cw = geo.size.width / CGFloat(o.files)
            let ch = geo.size.height / CGFloat(o.ranks)
            let r = min(cw, ch) * 0.44
            let cellAt = { (p: CGPoint) -> Cell? in
                guard p.x >= 0, p.y >= 0, p.x < geo.size.width, p.y < geo.size.height else { return nil }
                return Cell(column: Int(p.x / cw), row: Int(p.y / ch))
            }
            ZStack {
                Canvas { ctx, size in
                    ctx.fill(Path(CGRect(origin: .zero, size: size)), with: .color(Color(red: 0.91, green: 0.77, blue: 0.54)))
                    ctx.stroke(grid(files: o.files, ranks: o.ranks, cw: cw, ch: ch), with: .color(.brown), lineWidth: 1.5)
                }
                ForEach(game.cells) { c in
                    let at = CGPoint(x: (CGFloat(c.cell.column) + 0.5) * cw, y: (CGFloat(c.cell.row) + 0.5) * ch)
                    PointMarks(cell: c, radius: r, lifted: dragFrom == c.cell)
                        .position(dragFrom == c.cell ? dragAt : at)
                }
            }
            .contentShape(Rectangle())
            .gesture(DragGesture(minimumDistance: 0)
                .onChanged { v in
                    if dragFrom == nil { dragFrom = cellAt(v.startLocation) }
                    dragAt = v.location
                }
                .onEnded { v in
                    let from = cellAt(v.startLocation), to = cellAt(v.location)
                    dragFrom = nil
                    guard let from, let to else { return }
                    if from == to { game.tap(from) } else { game.drag(from: from, to: to) }
                })
        }
        .aspectRatio(CGFloat(o.files) / CGFloat(o.ranks), contentMode: .fit)
    }

    private func grid(files: Int, ranks: Int, cw: CGFloat, ch: CGFloat) -> Path {
        func x(_ c: Int) -> CGFloat { (CGFloat(c) + 0.5) * cw }
        func y(_ r: Int) -> CGFloat { (CGFloat(r) + 0.5) * ch }
        var p = Path()
        for row in 0..<ranks {
            p.move(to: CGPoint(x: x(0), y: y(row)))
            p.addLine(to: CGPoint(x: x(files - 1), y: y(row)))
        }
        let riverTop = ranks / 2 - 1
        for column in 0..<files {
            if column == 0 || column == files - 1 {
                p.move(to: CGPoint(x: x(column), y: y(0)))
                p.addLine(to: CGPoint(x: x(column), y: y(ranks - 1)))
            } else {
                p.move(to: CGPoint(x: x(column), y: y(0)))
                p.addLine(to: CGPoint(x: x(column), y: y(riverTop)))
                p.move(to: CGPoint(x: x(column), y: y(riverTop + 1)))
                p.addLine(to: CGPoint(x: x(column), y: y(ranks - 1)))
            }
        }
        for (top, bottom) in [(0, 2), (ranks - 3, ranks - 1)] {
            p.move(to: CGPoint(x: x(3), y: y(top)))
            p.addLine(to: CGPoint(x: x(5), y: y(bottom)))
            p.move(to: CGPoint(x: x(5), y: y(top)))
            p.addLine(to: CGPoint(x: x(3), y: y(bottom)))
        }
        return p
    }
}

/// One point: last-move and check marks, the piece, and target or capture marks.
private struct PointMarks: View {
    let cell: CellState
    let radius: CGFloat
    let lifted: Bool

    var body: some View {
        ZStack {
            if cell.lastMove { Circle().fill(Color.blue.opacity(0.3)).frame(width: radius * 2.2) }
            if cell.check { Circle().stroke(Color.red, lineWidth: radius * 0.18).frame(width: radius * 2.3) }
            if let piece = cell.piece {
                let colour: Color = piece.side == .first ? .red : .black
                Circle().fill(Color(red: 0.96, green: 0.91, blue: 0.78)).frame(width: radius * 2)
                Circle().stroke(colour, lineWidth: radius * 0.1).frame(width: radius * 2)
                if cell.selected { Circle().stroke(Color.green, lineWidth: radius * 0.2).frame(width: radius * 2.1) }
                if let label = cell.label, !piece.faceDown {
                    Text(label).font(.system(size: radius * 1.1, weight: .bold)).foregroundStyle(colour)
                }
            }
            if cell.capture {
                Circle().stroke(Color.green.opacity(0.7), lineWidth: radius * 0.16).frame(width: radius * 2.1)
            } else if cell.target {
                Circle().fill(Color.green.opacity(0.6)).frame(width: radius * 0.56)
            }
        }
        .scaleEffect(lifted ? 1.15 : 1)
        .allowsHitTesting(false)
    }
}

/// The player's settings, saved at every change.
struct SettingsView: View {
    @EnvironmentObject var app: AppModel

    var body: some View {
        Form {
            Toggle("Show where a piece can go", isOn: binding(\.showLegalTargets))
            Toggle("Show the last move", isOn: binding(\.showLastMove))
            Toggle("Turn the board to the side to move", isOn: binding(\.rotateBoard))
            Toggle("Chinese characters on pieces", isOn: Binding(
                get: { app.settings.pieceStyle == .characters },
                set: { on in
                    var s = app.settings
                    s.pieceStyle = on ? .characters : .letters
                    app.update(s)
                }))
        }
        .navigationTitle("Settings")
    }

    private func binding(_ key: WritableKeyPath<RodinaCore.Settings, Bool>) -> Binding<Bool> {
        Binding(get: { app.settings[keyPath: key] }, set: {
            var s = app.settings
            s[keyPath: key] = $0
            app.update(s)
        })
    }
}
