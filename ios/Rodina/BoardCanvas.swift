import RodinaCore
import SwiftUI

/// The colours of the boards and pieces, shared by the board, the bars and the promotion
/// chooser. Computed, not stored: plain values, nothing shared between threads.
enum Palette {
    static var wood: Color { Color(red: 0.91, green: 0.77, blue: 0.54) }
    static var line: Color { Color(red: 0.35, green: 0.23, blue: 0.10) }
    static var lightSquare: Color { Color(red: 0.94, green: 0.87, blue: 0.74) }
    static var darkSquare: Color { Color(red: 0.71, green: 0.53, blue: 0.39) }
    static var face: Color { Color(red: 0.96, green: 0.91, blue: 0.78) }
    static var back: Color { Color(red: 0.42, green: 0.27, blue: 0.15) }
    static var red: Color { Color(red: 0.70, green: 0.15, blue: 0.12) }
    static var black: Color { Color(red: 0.11, green: 0.11, blue: 0.12) }
    static var green: Color { Color(red: 0.10, green: 0.45, blue: 0.24) }
    static var white: Color { Color(red: 0.98, green: 0.98, blue: 0.96) }
    static var target: Color { Color(red: 0.15, green: 0.50, blue: 0.20).opacity(0.75) }
    static var bond: Color { Color(red: 0.45, green: 0.25, blue: 0.65).opacity(0.85) }
    static var win: Color { Color(red: 0.85, green: 0.62, blue: 0.05) }
    static var lastMove: Color { Color(red: 0.95, green: 0.80, blue: 0.20).opacity(0.45) }
    static var check: Color { Color(red: 0.83, green: 0.18, blue: 0.18).opacity(0.9) }
    static var selected: Color { Color(red: 0.15, green: 0.55, blue: 0.25) }
    static var hint: Color { Color(red: 0.01, green: 0.53, blue: 0.82).opacity(0.9) }
    static var goal: Color { Color(red: 0.90, green: 0.32, blue: 0.0).opacity(0.85) }
    static var star: Color { Color(red: 0.95, green: 0.72, blue: 0.02) }

    /// How a piece is drawn: its disc (nil: the chess family's symbols stand alone, as
    /// diagrams print them) and the colour of its text.
    static func look(side: Side, variant: Variant, faceDown: Bool, label: String) -> (disc: Color?, ink: Color) {
        if faceDown { return (disc: back, ink: face) }
        let symbol = label.unicodeScalars.first.map { (0x2654...0x265F).contains($0.value) } ?? false
        switch variant {
        case .xiangqi, .jieqi:
            return (disc: face, ink: side == .first ? red : black)
        case .jesonMor:
            let ink = side == .first ? red : green
            if symbol { return (disc: nil, ink: ink) }
            return (disc: face, ink: ink)
        case .friendly:
            if symbol { return (disc: nil, ink: black) }
            if side == .first { return (disc: white, ink: black) }
            return (disc: black, ink: white)
        }
    }
}

/// A piece drawn outside the board (bars, the promotion chooser): a disc with its text.
struct PieceBadge: View {
    let piece: Piece
    let label: String
    let variant: Variant
    let size: CGFloat

    var body: some View {
        let look = Palette.look(side: piece.side, variant: variant, faceDown: piece.faceDown, label: label)
        ZStack {
            Circle().fill(look.disc ?? Palette.face)
            Circle().stroke(look.ink.opacity(0.6), lineWidth: max(1, size * 0.06))
            Text(verbatim: label)
                .font(.system(size: size * 0.62, weight: .bold))
                .foregroundColor(look.ink)
                .minimumScaleFactor(0.5)
        }
        .frame(width: size, height: size)
    }
}

/// The board of every game, drawn from the state alone (a game's or a puzzle's): Xiangqi and Jieqi on the lines'
/// intersections with the river and the palaces (Jieqi's face-down pieces as backs), Jeson
/// Mor on 9 x 9 squares with its centre marked, Friendly chess on 8 x 8 with bonds as two
/// half pieces on one square and a piece released by a chain hovering over it. Each screen
/// cell is one point, so a touch maps to a point through the state's orientation alone; the
/// board sends taps and drags as cells.
@MainActor
struct BoardCanvas: View {
    let state: any BoardState
    let onTap: @MainActor (Cell) -> Void
    let onDrag: @MainActor (Cell, Cell) -> Void

    @State private var dragFrom: Cell?
    @State private var dragAt: CGPoint = .zero
    /// The finger left its cell's neighbourhood: a drag, not a tap; the piece follows it.
    @State private var dragMoved = false

    var body: some View {
        let o = state.orientation
        GeometryReader { geo in
            let size = geo.size
            let painter = BoardPainter(state: state, lifted: dragMoved ? dragFrom : nil, finger: dragAt)
            Canvas { context, canvasSize in
                painter.paint(&context, size: canvasSize)
            }
            .contentShape(Rectangle())
            .gesture(
                DragGesture(minimumDistance: 0)
                    .onChanged { value in
                        if dragFrom == nil { dragFrom = cell(at: value.startLocation, o, size) }
                        dragAt = value.location
                        let dx = value.location.x - value.startLocation.x
                        let dy = value.location.y - value.startLocation.y
                        if !dragMoved && dx * dx + dy * dy > 64 { dragMoved = true }
                    }
                    .onEnded { value in
                        let from = dragFrom ?? cell(at: value.startLocation, o, size)
                        let to = cell(at: value.location, o, size)
                        let moved = dragMoved
                        dragFrom = nil
                        dragMoved = false
                        guard let from else { return }
                        if !moved || to == from {
                            onTap(from)
                        } else if let to {
                            onDrag(from, to)
                        }
                    }
            )
        }
        .aspectRatio(CGFloat(o.files) / CGFloat(o.ranks), contentMode: .fit)
        .accessibilityElement()
        .accessibilityLabel(Text(verbatim: state.lastMove ?? state.status))
    }

    private func cell(at p: CGPoint, _ o: Orientation, _ size: CGSize) -> Cell? {
        o.cell(atX: Double(p.x), y: Double(p.y), width: Double(size.width), height: Double(size.height))
    }
}

/// Draws one state of the board into a canvas. A plain value apart from the view, so that the
/// canvas may call it wherever it renders.
struct BoardPainter {
    let state: any BoardState
    /// The cell whose piece is being dragged (drawn under the finger instead).
    let lifted: Cell?
    let finger: CGPoint

    func paint(_ context: inout GraphicsContext, size: CGSize) {
        let o = state.orientation
        let cw = size.width / CGFloat(o.files)
        let ch = size.height / CGFloat(o.ranks)
        let r = min(cw, ch) * 0.44
        func centre(_ c: Cell) -> CGPoint {
            CGPoint(x: (CGFloat(c.column) + 0.5) * cw, y: (CGFloat(c.row) + 0.5) * ch)
        }
        func square(_ c: Cell) -> CGRect {
            CGRect(x: CGFloat(c.column) * cw, y: CGFloat(c.row) * ch, width: cw, height: ch)
        }

        // The board itself.
        switch state.board {
        case .intersections:
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(Palette.wood))
            context.stroke(grid(files: o.files, ranks: o.ranks, cw: cw, ch: ch), with: .color(Palette.line), lineWidth: 1.5)
        case .squares9, .squares8:
            for c in state.cells {
                let dark = (c.cell.column + c.cell.row) % 2 == 1
                context.fill(Path(square(c.cell)), with: .color(dark ? Palette.darkSquare : Palette.lightSquare))
            }
        }

        // Marks under the pieces.
        for c in state.cells {
            let at = centre(c.cell)
            if c.special { drawCentreMark(&context, at: at, r: r) }
            if c.lastMove {
                if state.board == .intersections {
                    context.fill(circle(at, r * 1.1), with: .color(Palette.lastMove))
                } else {
                    context.fill(Path(square(c.cell)), with: .color(Palette.lastMove))
                }
            }
            if c.check {
                context.stroke(circle(at, r * 1.12), with: .color(Palette.check), lineWidth: r * 0.18)
            }
            if c.hint {
                // A puzzle's hint: a ring of its own, apart from the selection it leads to.
                context.stroke(circle(at, r * 1.18), with: .color(Palette.hint), lineWidth: r * 0.14)
            }
            if c.goal {
                // A course exercise's target: a star on an empty point (to reach), its points
                // round a piece (to take), so the piece stays in view.
                if c.piece == nil {
                    context.fill(starShape(at: at, outer: r * 0.7, inner: r * 0.3), with: .color(Palette.goal))
                } else {
                    context.stroke(starShape(at: at, outer: r * 1.3, inner: r * 0.95), with: .color(Palette.goal), lineWidth: r * 0.12)
                }
            }
        }

        // The pieces: a bond as two half pieces, the mover's half on the left.
        for c in state.cells where c.cell != lifted {
            let at = centre(c.cell)
            if let piece = c.piece, let partner = c.partner {
                var left = context
                left.clip(to: Path(CGRect(x: at.x - r * 1.2, y: at.y - r * 1.2, width: r * 1.2, height: r * 2.4)))
                drawPiece(&left, piece, at: at, r: r, labelAt: CGPoint(x: at.x - r * 0.45, y: at.y), labelScale: 0.7)
                var right = context
                right.clip(to: Path(CGRect(x: at.x, y: at.y - r * 1.2, width: r * 1.2, height: r * 2.4)))
                drawPiece(&right, partner, at: at, r: r, labelAt: CGPoint(x: at.x + r * 0.45, y: at.y), labelScale: 0.7)
                var divider = Path()
                divider.move(to: CGPoint(x: at.x, y: at.y - r))
                divider.addLine(to: CGPoint(x: at.x, y: at.y + r))
                context.stroke(divider, with: .color(Palette.line), lineWidth: 1)
            } else if let piece = c.piece ?? c.partner {
                drawPiece(&context, piece, at: at, r: r, labelAt: at, labelScale: 1)
            }
            if c.selected {
                context.stroke(circle(at, r * 1.06), with: .color(Palette.selected), lineWidth: r * 0.16)
            }
        }

        // Where the piece in hand may go, by what stepping there does.
        for c in state.cells {
            guard let kind = c.target else { continue }
            drawTarget(&context, kind, at: centre(c.cell), r: r)
        }

        // A piece released by a chain hovers over its bond, raised and shadowed.
        if let hovering = state.hoveringPiece, let c = state.cells.first(where: { $0.hovering }) {
            var raised = context
            raised.addFilter(.shadow(color: .black.opacity(0.45), radius: r * 0.18, x: 0, y: r * 0.12))
            let at = CGPoint(x: centre(c.cell).x, y: centre(c.cell).y - r * 0.4)
            drawPiece(&raised, hovering, at: at, r: r * 0.92, labelAt: at, labelScale: 0.92)
        }

        // The dragged piece follows the finger.
        if let lifted, let c = state.cells.first(where: { $0.cell == lifted }), let piece = c.piece ?? c.partner {
            var held = context
            held.addFilter(.shadow(color: .black.opacity(0.4), radius: r * 0.2, x: 0, y: r * 0.15))
            drawPiece(&held, piece, at: finger, r: r * 1.15, labelAt: finger, labelScale: 1.15)
        }
    }

    private func circle(_ at: CGPoint, _ radius: CGFloat) -> Path {
        Path(ellipseIn: CGRect(x: at.x - radius, y: at.y - radius, width: radius * 2, height: radius * 2))
    }

    private func drawPiece(_ context: inout GraphicsContext, _ piece: PieceUi, at: CGPoint, r: CGFloat, labelAt: CGPoint, labelScale: CGFloat) {
        let look = Palette.look(side: piece.piece.side, variant: state.variant, faceDown: piece.piece.faceDown, label: piece.label)
        if let disc = look.disc {
            context.fill(circle(at, r), with: .color(disc))
            context.stroke(circle(at, r), with: .color(look.ink), lineWidth: max(1, r * 0.09))
            if state.board == .intersections && !piece.piece.faceDown {
                // The inner ring Xiangqi sets carve round the character.
                context.stroke(circle(at, r * 0.82), with: .color(look.ink.opacity(0.55)), lineWidth: max(0.5, r * 0.04))
            }
            let label = Text(verbatim: piece.label)
                .font(.system(size: r * 1.05 * labelScale, weight: .bold))
                .foregroundColor(look.ink)
            context.draw(label, at: labelAt)
        } else {
            // A chess symbol alone, as large as the square allows.
            let label = Text(verbatim: piece.label)
                .font(.system(size: r * 1.9 * labelScale))
                .foregroundColor(look.ink)
            context.draw(label, at: labelAt)
        }
    }

    private func drawTarget(_ context: inout GraphicsContext, _ kind: TargetKind, at: CGPoint, r: CGFloat) {
        switch kind {
        case .move:
            context.fill(circle(at, r * 0.28), with: .color(Palette.target))
        case .capture, .enPassant:
            context.stroke(circle(at, r * 1.02), with: .color(Palette.target), lineWidth: r * 0.16)
        case .bond:
            context.stroke(circle(at, r * 1.02), with: .color(Palette.bond), lineWidth: r * 0.16)
        case .release:
            context.stroke(
                circle(at, r * 1.02), with: .color(Palette.target),
                style: StrokeStyle(lineWidth: r * 0.14, dash: [r * 0.25, r * 0.15]))
        case .win:
            context.stroke(circle(at, r * 1.04), with: .color(Palette.win), lineWidth: r * 0.22)
            context.fill(circle(at, r * 0.22), with: .color(Palette.win))
        case .castle:
            context.fill(circle(at, r * 0.28), with: .color(Palette.target))
            context.stroke(circle(at, r * 0.5), with: .color(Palette.target), lineWidth: r * 0.08)
        }
    }

    /// Jeson Mor's centre: a diamond the knights must reach and leave.
    private func drawCentreMark(_ context: inout GraphicsContext, at: CGPoint, r: CGFloat) {
        var diamond = Path()
        diamond.move(to: CGPoint(x: at.x, y: at.y - r * 1.05))
        diamond.addLine(to: CGPoint(x: at.x + r * 1.05, y: at.y))
        diamond.addLine(to: CGPoint(x: at.x, y: at.y + r * 1.05))
        diamond.addLine(to: CGPoint(x: at.x - r * 1.05, y: at.y))
        diamond.closeSubpath()
        context.fill(diamond, with: .color(Palette.line.opacity(0.18)))
        context.stroke(diamond, with: .color(Palette.line.opacity(0.7)), lineWidth: max(1, r * 0.06))
    }

    /// Lines between the points' centres: files broken by the river, ranks, palace diagonals.
    private func grid(files: Int, ranks: Int, cw: CGFloat, ch: CGFloat) -> Path {
        func x(_ column: Int) -> CGFloat { (CGFloat(column) + 0.5) * cw }
        func y(_ row: Int) -> CGFloat { (CGFloat(row) + 0.5) * ch }
        var p = Path()
        for row in 0..<ranks {
            p.move(to: CGPoint(x: x(0), y: y(row)))
            p.addLine(to: CGPoint(x: x(files - 1), y: y(row)))
        }
        let riverTop = ranks / 2 - 1
        for column in 0..<files {
            p.move(to: CGPoint(x: x(column), y: y(0)))
            if column == 0 || column == files - 1 {
                p.addLine(to: CGPoint(x: x(column), y: y(ranks - 1)))
            } else {
                p.addLine(to: CGPoint(x: x(column), y: y(riverTop)))
                p.move(to: CGPoint(x: x(column), y: y(riverTop + 1)))
                p.addLine(to: CGPoint(x: x(column), y: y(ranks - 1)))
            }
        }
        // The palaces: files d-f, three ranks at each end (the same whichever way up).
        for (top, bottom) in [(0, 2), (ranks - 3, ranks - 1)] {
            p.move(to: CGPoint(x: x(3), y: y(top)))
            p.addLine(to: CGPoint(x: x(5), y: y(bottom)))
            p.move(to: CGPoint(x: x(5), y: y(top)))
            p.addLine(to: CGPoint(x: x(3), y: y(bottom)))
        }
        return p
    }
}

/// A five-pointed star around `at`, its points `outer` and its notches `inner` from it: a
/// course's targets on the board and the stars an exercise earns.
func starShape(at: CGPoint, outer: CGFloat, inner: CGFloat) -> Path {
    var p = Path()
    for i in 0..<10 {
        let radius = i % 2 == 0 ? outer : inner
        let angle = -Double.pi / 2 + Double(i) * Double.pi / 5
        let point = CGPoint(x: at.x + radius * CGFloat(cos(angle)), y: at.y + radius * CGFloat(sin(angle)))
        if i == 0 { p.move(to: point) } else { p.addLine(to: point) }
    }
    p.closeSubpath()
    return p
}
