## The rules courses: lesson titles, and per exercise its title, goal, hints and the words
## on success. Ids: course-GAME-lesson-LESSON, course-GAME-EXERCISE-PART.

## Why an exercise failed

course-failed-piece-left = A piece of yours was left to be taken. Try again.
course-failed-illegal-move = That move is not allowed here. Try again.
course-failed-piece-lost = A piece of yours was taken. Try again.
course-failed-off-script = Your move left the line this exercise follows: your opponent's planned reply no longer fits. Try again.
course-failed-game-over = The game ended without reaching the goal. Try again.

## Jeson Mor

course-jesonmor-lesson-knight = The knight
course-jesonmor-lesson-capture = Taking
course-jesonmor-lesson-centre = The centre

course-jesonmor-leap-title = The leap
course-jesonmor-leap-goal = Jump your knight to the marked square.
course-jesonmor-leap-hint-1 = A knight moves two squares one way and one square to the side, like the letter L.
course-jesonmor-leap-done = That is the only move there is: every piece in Jeson Mor is a knight.

course-jesonmor-two-leaps-title = Two leaps
course-jesonmor-two-leaps-goal = Visit both marked squares.
course-jesonmor-two-leaps-hint-1 = Go to the nearer square first; from there the other is one leap away.
course-jesonmor-two-leaps-done = Well done. Planning two leaps ahead is half of the game.

course-jesonmor-over-title = Over the others
course-jesonmor-over-goal = Bring a knight to the marked square.
course-jesonmor-over-hint-1 = A knight jumps over any piece in its way, its own or the opponent's.
course-jesonmor-over-done = Nothing blocks a knight: it only needs its landing square free of its own pieces.

course-jesonmor-tour-title = A little tour
course-jesonmor-tour-goal = Visit all three marked squares in three moves.
course-jesonmor-tour-hint-1 = Take them in order of distance from the corner.
course-jesonmor-tour-done = Three leaps, three squares.

course-jesonmor-take-title = Take a knight
course-jesonmor-take-goal = Take the opponent's knight on the marked square.
course-jesonmor-take-hint-1 = A knight takes by landing on the enemy piece.
course-jesonmor-take-done = Taken. It leaves the board for good.

course-jesonmor-take-two-title = Two in a row
course-jesonmor-take-two-goal = Take both marked knights.
course-jesonmor-take-two-hint-1 = Take the one you can reach now; the other is a leap from there.
course-jesonmor-take-two-done = Two knights in two moves.

course-jesonmor-last-knight-title = The last knight
course-jesonmor-last-knight-goal = Win by taking your opponent's last knight.
course-jesonmor-last-knight-hint-1 = One leap reaches it.
course-jesonmor-last-knight-done = A side with no knights left has lost the game.

course-jesonmor-occupy-title = The centre square
course-jesonmor-occupy-goal = Put a knight on e5, the centre.
course-jesonmor-occupy-hint-1 = e5 is the square in the very middle of the board.
course-jesonmor-occupy-done = You hold the centre. Now it must survive your opponent's reply.

course-jesonmor-leave-title = Leave to win
course-jesonmor-leave-goal = Your knight on e5 has survived a reply. Move it away to win.
course-jesonmor-leave-hint-1 = Any move of the knight on e5 wins now.
course-jesonmor-leave-done = You won: a knight that survives on the centre wins by leaving it.

course-jesonmor-hold-title = Occupy, survive, leave
course-jesonmor-hold-goal = Win by the centre: go to e5, let your opponent reply, then leave.
course-jesonmor-hold-hint-1 = First jump to e5; after your opponent's move, jump away from it.
course-jesonmor-hold-done = That is how most games of Jeson Mor are won.

course-jesonmor-clear-the-way-title = Clear the way
course-jesonmor-clear-the-way-goal = Win by the centre without losing a knight.
course-jesonmor-clear-the-way-hint-1 = The knight on c6 watches e5: a knight of yours there would be taken.
course-jesonmor-clear-the-way-hint-2 = Take the knight on c6 first, then go to e5.
course-jesonmor-clear-the-way-done = Make the centre safe before you step onto it.

course-jesonmor-escape-title = Out of reach
course-jesonmor-escape-goal = Your knight is attacked. Move it where no knight can take it.
course-jesonmor-escape-hint-1 = Look at every square the enemy knights can jump to, and avoid them.
course-jesonmor-escape-done = Safe. Before every move, ask which of your knights could be taken after it.

course-jesonmor-take-the-centre-title = Stop the centre
course-jesonmor-take-the-centre-goal = The enemy knight on e5 will win by leaving it. Take it now.
course-jesonmor-take-the-centre-hint-1 = If the knight on e5 survives your move, your opponent wins.
course-jesonmor-take-the-centre-done = Taking a knight on the centre is the surest defence.

course-jesonmor-take-and-hold-title = Take the centre
course-jesonmor-take-and-hold-goal = Win by the centre: take the knight on e5, survive the reply, leave.
course-jesonmor-take-and-hold-hint-1 = A knight that takes onto e5 holds it like one that simply moved there.
course-jesonmor-take-and-hold-done = Taking onto the centre counts too.

course-jesonmor-lesson-draw = Draws
course-jesonmor-fifty-moves-title = Fifty moves
course-jesonmor-fifty-moves-goal = No knight has been taken for 99 half-moves, and the enemy knight on e5 will win by leaving it. Save the game: make it a draw by the fifty-move rule.
course-jesonmor-fifty-moves-hint-1 = Fifty moves by each side, a hundred half-moves, without a capture are a draw. Your next move is the hundredth.
course-jesonmor-fifty-moves-hint-2 = Take nothing: a capture starts the count again, and then the knight on e5 leaves and wins.
course-jesonmor-fifty-moves-done = A draw. Jeson Mor is also drawn when the same position comes three times.

course-jesonmor-lesson-first-win = Your first win
course-jesonmor-first-win-title = A whole game
course-jesonmor-first-win-goal = Win the game through the centre.
course-jesonmor-first-win-hint-1 = Bring a knight within a leap of e5 where no enemy knight watches it.
course-jesonmor-first-win-hint-2 = g1 to f3, then f3 to e5, then leave.
course-jesonmor-first-win-done = You have won a game of Jeson Mor. Now try it against the Novice.

## Xiangqi

course-xiangqi-lesson-pieces = The pieces
course-xiangqi-lesson-cannon-soldier = Cannon and soldier
course-xiangqi-lesson-generals = The generals

course-xiangqi-chariot-title = The chariot
course-xiangqi-chariot-goal = Visit both marked points with the chariot.
course-xiangqi-chariot-hint-1 = The chariot moves any distance along a file or a rank, as long as nothing is in the way.
course-xiangqi-chariot-done = The chariot is the strongest piece on the board.

course-xiangqi-horse-title = The horse
course-xiangqi-horse-goal = Visit both marked points with the horse.
course-xiangqi-horse-hint-1 = The horse moves one point straight, then one point diagonally outwards.
course-xiangqi-horse-done = Like a chess knight, but it does not jump, as the next exercise shows.

course-xiangqi-horse-leg-title = The hobbled horse
course-xiangqi-horse-leg-goal = Bring the horse to the marked point.
course-xiangqi-horse-leg-hint-1 = A piece on the point next to the horse, in the direction it wants to go, blocks that move: its leg is hobbled.
course-xiangqi-horse-leg-hint-2 = Go round, or move the blocking soldier out of the way first.
course-xiangqi-horse-leg-done = Always look at the horse's leg: it decides where the horse can go.

course-xiangqi-elephant-title = The elephant
course-xiangqi-elephant-goal = Visit both marked points with the elephant.
course-xiangqi-elephant-hint-1 = The elephant moves exactly two points diagonally. It never crosses the river.
course-xiangqi-elephant-done = The elephant guards its own half of the board.

course-xiangqi-elephant-eye-title = The elephant's eye
course-xiangqi-elephant-eye-goal = Bring the elephant to the marked point.
course-xiangqi-elephant-eye-hint-1 = A piece on the point between blocks the elephant (it stands on its eye). Move it away first.
course-xiangqi-elephant-eye-done = An elephant is blocked as a horse is, by the point it passes.

course-xiangqi-river-title = Never across the river
course-xiangqi-river-goal = Take the horse on e7.
course-xiangqi-river-hint-1 = Your elephant would reach e7 in one move, but an elephant never crosses the river.
course-xiangqi-river-hint-2 = The soldier may cross: one point forward across the river, then one more.
course-xiangqi-river-done = Elephants stay home and defend; soldiers cross the river and attack.

course-xiangqi-advisor-title = The advisor
course-xiangqi-advisor-goal = Visit both marked points with the advisor.
course-xiangqi-advisor-hint-1 = The advisor moves one point diagonally and never leaves the palace.
course-xiangqi-advisor-done = Advisors stay by the general's side.

course-xiangqi-general-title = The general
course-xiangqi-general-goal = Walk the general to both marked points.
course-xiangqi-general-hint-1 = The general moves one point along a line and never leaves the palace, the square of nine points with the diagonals.
course-xiangqi-general-done = The general lives in the palace. Losing it loses the game.

course-xiangqi-cannon-title = The cannon
course-xiangqi-cannon-goal = Visit both marked points with the cannon.
course-xiangqi-cannon-hint-1 = Without taking, the cannon moves as the chariot does.
course-xiangqi-cannon-done = It takes in its own way, as you will see next.

course-xiangqi-cannon-screen-title = The screen
course-xiangqi-cannon-screen-goal = Take the horse with the cannon.
course-xiangqi-cannon-screen-hint-1 = The cannon takes by jumping over exactly one piece, of either side: the screen.
course-xiangqi-cannon-screen-done = Over one screen, the cannon can take from far away.

course-xiangqi-make-a-screen-title = Make a screen
course-xiangqi-make-a-screen-goal = Take the chariot with the cannon.
course-xiangqi-make-a-screen-hint-1 = With nothing between them, the cannon cannot take.
course-xiangqi-make-a-screen-hint-2 = Put your horse between the cannon and the chariot, then take.
course-xiangqi-make-a-screen-done = Your own pieces make the best screens.

course-xiangqi-soldier-title = The soldier
course-xiangqi-soldier-goal = Bring the soldier to both marked points.
course-xiangqi-soldier-hint-1 = A soldier moves one point forward. Once across the river it may also move one point sideways.
course-xiangqi-soldier-done = It never moves back, so push it with care.

course-xiangqi-flying-general-title = The generals never face each other
course-xiangqi-flying-general-goal = Bring the horse to the marked point. An illegal move fails the exercise.
course-xiangqi-flying-general-hint-1 = The two generals may never stand on one file with nothing between them.
course-xiangqi-flying-general-hint-2 = The horse is the only piece between the generals. Step your general aside first.
course-xiangqi-flying-general-done = A piece between the generals is pinned to its file.

course-xiangqi-check-title = Check
course-xiangqi-check-goal = Attack the enemy general: give check.
course-xiangqi-check-hint-1 = The chariot attacks along its file and its rank.
course-xiangqi-check-done = A general in check must be saved at once.

course-xiangqi-mate-title = Checkmate
course-xiangqi-mate-goal = Checkmate in one move.
course-xiangqi-mate-hint-1 = One chariot already shuts the general's row of escape; the other gives check on its own rank.
course-xiangqi-mate-done = Checkmate: the general cannot escape the check, and you have won.

course-xiangqi-palace-title = The palace walls
course-xiangqi-palace-goal = Checkmate in one move.
course-xiangqi-palace-hint-1 = The general never leaves its palace: c8 and d7 lie outside it, so it cannot step there.
course-xiangqi-palace-hint-2 = Your horse already guards d9. Check the general along its rank.
course-xiangqi-palace-done = The palace shelters the general, and it traps it too.

course-xiangqi-no-moves-title = No move is a loss
course-xiangqi-no-moves-goal = Win by leaving your opponent without a legal move.
course-xiangqi-no-moves-hint-1 = In Xiangqi a side with no legal move loses, even when it is not in check.
course-xiangqi-no-moves-hint-2 = Shut the general's only free point; your own general keeps it off the e file.
course-xiangqi-no-moves-done = No stalemate draw here: no move, no game.

## Friendly chess

course-friendly-lesson-pieces = The pieces
course-friendly-lesson-bonds = Bonds
course-friendly-lesson-chains = Chains
course-friendly-lesson-the-king = The king

course-friendly-rook-title = The rook
course-friendly-rook-goal = Visit both marked squares with the rook.
course-friendly-rook-hint-1 = The pieces move as in chess: the rook along files and ranks.
course-friendly-rook-done = Every piece moves as in chess. What changes is what happens when they meet.

course-friendly-bishop-title = The bishop
course-friendly-bishop-goal = Visit both marked squares with the bishop.
course-friendly-bishop-hint-1 = The bishop moves diagonally.
course-friendly-bishop-done = The bishop moves only along diagonals, so it stays on squares of one colour all game.

course-friendly-knight-title = The knight
course-friendly-knight-goal = Visit both marked squares with the knight.
course-friendly-knight-hint-1 = The knight jumps two squares one way and one to the side.
course-friendly-knight-done = Every knight's move is an L: two squares one way and one to the side, over anything in between.

course-friendly-queen-title = The queen
course-friendly-queen-goal = Visit both marked squares with the queen.
course-friendly-queen-hint-1 = The queen moves as a rook or as a bishop.
course-friendly-queen-done = The queen moves along files, ranks and diagonals: a rook and a bishop in one.

course-friendly-pawn-title = The pawn
course-friendly-pawn-goal = Bring the pawn to both marked squares.
course-friendly-pawn-hint-1 = From its first square a pawn may step two squares forward; after that one.
course-friendly-pawn-done = Pawns step straight forward. Diagonally they only go onto an enemy piece.

course-friendly-bond-title = A bond
course-friendly-bond-goal = Step onto the enemy pawn to make a bond.
course-friendly-bond-hint-1 = Nothing is ever captured: a piece that lands on an enemy piece stands with it as a bond.
course-friendly-bond-done = A bond: two pieces of both colours on one square, friends from now on.

course-friendly-pawn-bond-title = The pawn's bond
course-friendly-pawn-bond-goal = Make a bond with your pawn.
course-friendly-pawn-bond-hint-1 = A pawn bonds as it would take in chess: one square diagonally forward.
course-friendly-pawn-bond-done = A pawn bonds only diagonally forward, where in chess it would take.

course-friendly-move-a-bond-title = Move a bond
course-friendly-move-a-bond-goal = Move your knight in the bond to the marked square.
course-friendly-move-a-bond-hint-1 = Moving your piece in a bond carries its partner along, to an empty square.
course-friendly-move-a-bond-done = Either player may move a bond by their own piece in it.

course-friendly-king-never-bonds-title = The king never bonds
course-friendly-king-never-bonds-goal = Walk your king to the marked square. An illegal move fails the exercise.
course-friendly-king-never-bonds-hint-1 = The king moves only to empty squares: it cannot step onto the knight.
course-friendly-king-never-bonds-done = Kings stay single for the whole game.

course-friendly-chain-title = A chain
course-friendly-chain-goal = Move your queen into the bond on d4, and then move the piece it releases.
course-friendly-chain-hint-1 = A piece that steps onto a bond takes the place of its own colour's piece there.
course-friendly-chain-hint-2 = The released pawn must step on in the same move: enter d4, then step the pawn.
course-friendly-chain-done = That is a chain: one move, two pieces moved.

course-friendly-longer-chain-title = A longer chain
course-friendly-longer-chain-goal = Play a chain of two releases in one move.
course-friendly-longer-chain-hint-1 = The pawn released on d4 can enter the bond on e5 diagonally.
course-friendly-longer-chain-hint-2 = Queen to d4, the pawn to e5, then the released rook on.
course-friendly-longer-chain-done = Chains can run across the whole board.

course-friendly-bond-the-king-title = Bond the king
course-friendly-bond-the-king-goal = Win: bond a piece with the enemy king.
course-friendly-bond-the-king-hint-1 = You win by landing on the enemy king.
course-friendly-bond-the-king-done = You won. A bond with the king is the only way to win.

course-friendly-chain-to-the-king-title = At the end of a chain
course-friendly-chain-to-the-king-goal = Win by reaching the king at the end of a chain.
course-friendly-chain-to-the-king-hint-1 = No piece of yours reaches the king directly. Look at the bond on d4.
course-friendly-chain-to-the-king-hint-2 = The queen enters d4 and releases your bishop, which runs along the diagonal to h8.
course-friendly-chain-to-the-king-done = A bond is a hidden threat: a chain through it can reach the king.

course-friendly-sako-title = Ŝako
course-friendly-sako-goal = Your king is threatened (Ŝako): the rook could bond with it. Save it.
course-friendly-sako-hint-1 = A threat forbids nothing: a king left threatened is simply lost on the next move.
course-friendly-sako-hint-2 = Step the king off the first rank.
course-friendly-sako-done = Ŝako means your king is threatened. Answer it at once.

course-friendly-castle-with-a-bond-title = Castling with a bond
course-friendly-castle-with-a-bond-goal = Castle short. Your rook is in a bond.
course-friendly-castle-with-a-bond-hint-1 = Castle as in chess: the king steps two squares towards the rook.
course-friendly-castle-with-a-bond-done = The rook takes its partner along to f1.

## Jieqi

course-jieqi-lesson-face-down = Face-down pieces
course-jieqi-lesson-face-up = Face-up pieces
course-jieqi-lesson-capture = Taking a hidden piece
course-jieqi-lesson-win = Winning

course-jieqi-hidden-chariot-title = On a chariot's point
course-jieqi-hidden-chariot-goal = Move the face-down piece on a1 to the marked point.
course-jieqi-hidden-chariot-hint-1 = A face-down piece moves as the piece whose starting point it stands on: on a1, as a chariot.
course-jieqi-hidden-chariot-done = Moving it turned it face up. Nobody knew what it was, not even you.

course-jieqi-hidden-horse-title = On a horse's point
course-jieqi-hidden-horse-goal = Move the face-down piece on b1 to the marked point.
course-jieqi-hidden-horse-hint-1 = On b1 a face-down piece moves as a horse.
course-jieqi-hidden-horse-done = From now on it moves as what it turned out to be.

course-jieqi-hidden-elephant-title = On an elephant's point
course-jieqi-hidden-elephant-goal = Move the face-down piece on c1 to the marked point.
course-jieqi-hidden-elephant-hint-1 = On c1 a face-down piece moves as an elephant, two points diagonally.
course-jieqi-hidden-elephant-done = On an elephant's point it moved as an elephant, whatever it turned out to be.

course-jieqi-hidden-advisor-title = On an advisor's point
course-jieqi-hidden-advisor-goal = Move the face-down piece on d1 to the marked point.
course-jieqi-hidden-advisor-hint-1 = On d1 a face-down piece moves as an advisor, one point diagonally inside the palace.
course-jieqi-hidden-advisor-done = Even face down, a piece on an advisor's point stays in the palace for its first move.

course-jieqi-hidden-cannon-title = On a cannon's point
course-jieqi-hidden-cannon-goal = Move the face-down piece on b3 to the marked point.
course-jieqi-hidden-cannon-hint-1 = On b3 a face-down piece moves as a cannon.
course-jieqi-hidden-cannon-done = On a cannon's point a face-down piece moves as a cannon, and takes as one too: over a screen.

course-jieqi-hidden-soldier-title = On a soldier's point
course-jieqi-hidden-soldier-goal = Move the face-down piece on e4 to the marked point.
course-jieqi-hidden-soldier-hint-1 = On a soldier's point a face-down piece steps one point forward.
course-jieqi-hidden-soldier-done = From a soldier's point a face-down piece only steps forward, never sideways.

course-jieqi-reveal-title = Turn one face up
course-jieqi-reveal-goal = Reveal a piece: move any of your face-down pieces.
course-jieqi-reveal-hint-1 = Every move of a face-down piece reveals it.
course-jieqi-reveal-done = What a move reveals is luck. Playing with that luck is the game.

course-jieqi-what-it-really-is-title = What it really is
course-jieqi-what-it-really-is-goal = Move a face-down piece to turn it face up, then move that same piece again.
course-jieqi-what-it-really-is-hint-1 = Nobody knows what a face-down piece is, not even you. Its first move is that of its point's piece: on a1 and i1, a chariot's.
course-jieqi-what-it-really-is-hint-2 = Once it is face up, look at what it turned out to be: from then on it moves only as that piece.
course-jieqi-what-it-really-is-done = Always look again at a piece once it is face up.

course-jieqi-free-advisor-title = A free advisor
course-jieqi-free-advisor-goal = Bring the advisor to the marked point.
course-jieqi-free-advisor-hint-1 = Face up, an advisor may leave the palace: one point diagonally anywhere.
course-jieqi-free-advisor-done = In Jieqi, advisors and elephants face up go anywhere.

course-jieqi-free-elephant-title = A free elephant
course-jieqi-free-elephant-goal = Take the elephant across the river to the marked point.
course-jieqi-free-elephant-hint-1 = Face up, an elephant may cross the river. A piece on its eye still blocks it.
course-jieqi-free-elephant-done = Face up, an elephant crosses the river freely; only a piece on its eye still stops it.

course-jieqi-take-hidden-title = Take a face-down piece
course-jieqi-take-hidden-goal = Take the face-down piece on a10.
course-jieqi-take-hidden-hint-1 = Your chariot moves along the file.
course-jieqi-take-hidden-done = You see what you took. Your opponent never learns it.

course-jieqi-take-two-hidden-title = Two secrets
course-jieqi-take-two-hidden-goal = Take both face-down pieces.
course-jieqi-take-two-hidden-hint-1 = Take the one on your file first, then run along the rank.
course-jieqi-take-two-hidden-done = What you took tells you what can still be hidden on your opponent's side.

course-jieqi-check-title = Check
course-jieqi-check-goal = Give check.
course-jieqi-check-hint-1 = The chariot attacks along its rank.
course-jieqi-check-done = Check and mate work as in Xiangqi.

course-jieqi-mate-title = Checkmate
course-jieqi-mate-goal = Checkmate in one move.
course-jieqi-mate-hint-1 = One chariot shuts the general's row; the other checks on its rank.
course-jieqi-mate-done = You won: checkmate ends a game of Jieqi just as it does in Xiangqi.

course-jieqi-no-moves-title = No move is a loss
course-jieqi-no-moves-goal = Win by leaving your opponent without a legal move.
course-jieqi-no-moves-hint-1 = As in Xiangqi, a side with no legal move loses.
course-jieqi-no-moves-hint-2 = Shut the general's only free point; your general keeps it off the e file.
course-jieqi-no-moves-done = Here too, a side with no legal move loses. You know the rules of Jieqi: try a game against the Novice.

## Game pages

page-jesonmor-summary = Mongolian nine knights: take the centre and hold it for one move.
page-jesonmor-rules = How Jeson Mor is played
page-jesonmor-board-title = The board and the knights
page-jesonmor-board = Jeson Mor, "nine horses", is a Mongolian game of knights on a 9 × 9 board. It has nine files, a to i, and nine ranks. Each side has nine knights on its first rank, Red on rank 1 and Green on rank 9, told apart by the colour of their bases; Red moves first. A knight jumps as in chess: two squares one way and one to the side, over anything in between. It takes an enemy knight by landing on its square.
page-jesonmor-centre-title = The centre
page-jesonmor-centre = The square in the middle, e5, is marked. A knight on e5 can still be taken. If it is still there when it is your turn again, moving it away from e5 wins the game. A knight that takes onto e5 holds the square for its side and must also survive the reply.
page-jesonmor-ends-title = Wins and draws
page-jesonmor-ends = You also win by taking your opponent's last knight, or by a move after which your opponent has no move. Threefold repetition of a position and fifty moves by each side without a capture are draws.
page-jesonmor-rule-origin-title = Where the rule comes from
page-jesonmor-rule-origin = The only older description, Assia Popova's of 1974 after Namjildorj, says only that each player tries to reach the centre. Taken literally, the first player would reach e5 on the second move before the other could stop it. David Pritchard supposed that the square must be held for one move; here the game follows Wikipedia's wording, leaving e5 after the opponent's reply. Fairy-Stockfish ends the game one move earlier, as soon as the reply has not taken the knight.
page-jesonmor-story = Story · Mongolia · a Mongolian game, written down in 1966
page-jesonmor-when-title = When and where
page-jesonmor-when = Jeson Mor, "nine horses", is a Mongolian game. We know it from the books of the Mongolian scholar Namjildorj on the games of Mongolia (Ulaanbaatar, 1963 and 1966), which the ethnographer Assia Popova examined in 1974. She counted it among the race games: each side has nine horse pieces on a board of 9 × 9 squares, the horses jump as chess knights, and each player tries to be first to reach the centre square.
page-jesonmor-changed-title = How the game changed
page-jesonmor-changed = Popova gives only the aim of the game. She describes it next to aralzaa, in which three horses on each side race across a 3 × 3 board to the opponent's starting place and nothing is taken; in Jeson Mor the horses can take, but to her taking is secondary to the race. Taken literally, reaching the centre would win on the first player's second move, so David Pritchard (1994) supposed that a knight must hold the centre for one move. Wikipedia and the Fairy-Stockfish program made a rule of it: the knight must survive the reply on e5 and wins when it leaves the square.
page-jesonmor-today-title = Today
page-jesonmor-today = Programs such as Fairy-Stockfish and the Ludii game system play it, and PyChess offers it online.
page-jesonmor-did-you-know = Did you know?
page-jesonmor-fact-title = Horses from chess
page-jesonmor-fact = Popova writes that the horses of aralzaa are carved from wood like chess pieces, and Jeson Mor uses the same pieces. David Pritchard's encyclopedia files it among the games with "a fixed goal on neutral ground".
page-jesonmor-piece-names = The pieces' own names
page-jesonmor-names-title = Nine horses
page-jesonmor-names = The name Jeson Mor is the Mongolian есөн морь, "nine horses". Its only piece is the horse, морь, the same piece that is the knight of shatar, Mongolian chess, and the game is played with the carved horses of shatar.
page-jesonmor-sources = Sources
page-jesonmor-books-title = Books
page-jesonmor-books = A. Popova, Études mongoles 5 (1974) · D. B. Pritchard, The Classified Encyclopedia of Chess Variants (2007) · Wikipedia
page-jesonmor-common-title = Common knowledge
page-jesonmor-common = The Mongolian spelling of the names, and the horse being the knight of shatar, are common knowledge, given here without a single source.

page-xiangqi-summary = Chinese chess: a river, palaces and a cannon that takes by jumping.
page-xiangqi-rules = How Xiangqi is played
page-xiangqi-aim-title = The aim
page-xiangqi-aim = Xiangqi is Chinese chess, the most popular board game in China, played in Vietnam as cờ tướng. The pieces stand on the points where lines cross, not in squares. The aim is to checkmate the opponent's general: to attack it so that no move saves it. An attacked general is in check, and no move may leave one's own general attacked.
page-xiangqi-board-title = The board
page-xiangqi-board = The board has nine files and ten ranks of points. A river across the middle divides it into two halves, and each side has a palace of nine points with two diagonals. Red moves first.
page-xiangqi-pieces-title = The pieces
page-xiangqi-pieces = The chariot moves any number of points along a line, forwards, backwards or sideways, but not through other pieces. The horse moves one point straight and then one diagonally outwards; a piece on that first point blocks it. The elephant moves exactly two points diagonally, cannot pass a piece on the point between, and never crosses the river. A piece takes by moving onto a point with an enemy piece.
page-xiangqi-cannon-title = The cannon
page-xiangqi-cannon = The cannon moves as the chariot, but takes only by jumping over exactly one piece, its own or the opponent's, onto an enemy piece beyond.
page-xiangqi-palace-title = The generals and the palace
page-xiangqi-palace = The general moves one point along a line, the advisors one point diagonally, and neither leaves the palace. The generals may never face each other on a file with nothing between them.
page-xiangqi-soldiers-title = The soldiers
page-xiangqi-soldiers = A soldier moves one point forward. Once across the river it may also move one point sideways. It never moves back and is never promoted.
page-xiangqi-ends-title = Wins and draws
page-xiangqi-ends = Checkmate wins, and a side with no legal move loses even when not in check. Fifty moves without a capture are a draw, as is a position where neither side has a piece left that can attack.
page-xiangqi-repetition-title = Repetition
page-xiangqi-repetition = When a position occurs for the third time, the side that gave check with every move of the repetition loses. Otherwise the side that kept chasing a piece loses: an unprotected one, or a stronger one, such as a chariot attacked by a horse. If neither side did, or both did, it is a draw. These are the Asian Xiangqi Federation's rules as Fairy-Stockfish and pychess play them.
page-xiangqi-handicaps-title = Handicaps
page-xiangqi-handicaps = In China a stronger player may give a horse, both horses, a cannon or a chariot (让子), as agreed before the game; here the giver plays Red, loses the piece on their left and moves first. Folk rules often protect some of the giver's pieces as well (such as the unmoved middle soldier after giving a horse); this game leaves them out. A bot or you can give them ("Handicap" in the settings).
page-xiangqi-story = Story · China · the oldest description of its rules is from the Tang dynasty
page-xiangqi-when-title = When and where
page-xiangqi-when = Xiangqi (象棋, xiàngqí) is Chinese chess. Most historians derive it, like chess, from the Indian chaturanga; some see a Chinese origin. The oldest description of its rules is from the Tang dynasty (618–907).
page-xiangqi-changed-title = How the game changed
page-xiangqi-changed = The Korean janggi grew out of Xiangqi. In Hong Kong and Guangdong in the 1980s so did Jieqi, Xiangqi with the pieces face down. The fine points of the rules, such as who loses when one side checks or chases forever, are set today by the Asian Xiangqi Federation; this game follows its rules as Fairy-Stockfish and pychess play them.
page-xiangqi-today-title = Today
page-xiangqi-today = Xiangqi is the most popular board game in China, and in Vietnam it is played as cờ tướng. It is played in the big Xiangqi apps, by programs such as Fairy-Stockfish and online on pychess.
page-xiangqi-did-you-know = Did you know?
page-xiangqi-river-title = A river named after a war
page-xiangqi-river = The river across the middle of the board is called "the Chu river, the Han border" (楚河 漢界, Chǔ hé Hàn jiè) after the war between Chu and Han (206–202 BC), and the words are often written on the board itself.
page-xiangqi-no-draw-title = No stalemate, no perpetual check
page-xiangqi-no-draw = Unlike chess, a side with no legal move loses even when it is not in check, and endless checks do not save a draw: when the position comes the third time, the side that gave check with every move loses.
page-xiangqi-piece-names = The pieces' own names
page-xiangqi-names-title = Characters on the pieces
page-xiangqi-names = Each piece is a disc with its name written on it in Chinese; where the two sides write it differently, Red's character comes first: general 帥 shuài and 將 jiàng, advisor 仕 and 士 shì, elephant 相 and 象 xiàng, horse 馬 mǎ, chariot 車 jū, cannon 炮 and 砲 pào, soldier 兵 bīng and 卒 zú.
page-xiangqi-sources = Sources
page-xiangqi-books-title = Rules
page-xiangqi-books = The Asian Xiangqi Federation's rules, as Fairy-Stockfish and pychess play them.
page-xiangqi-common-title = Common knowledge
page-xiangqi-common = The pieces' characters and their pinyin, the river's name in characters, the years of the Tang dynasty and the comparisons with chess are common knowledge, given here without a single source. Jieqi's story comes from the sources on its page.

page-jieqi-summary = Xiangqi with the pieces face down: each one's first move reveals it.
page-jieqi-rules = How Jieqi is played
page-jieqi-aim-title = The aim
page-jieqi-aim = Jieqi is Xiangqi with the pieces face down. Each side's fifteen pieces other than the general are shuffled and placed face down on its starting points; a face-down piece moves as the piece of the point it stands on, and that move reveals it. The aim is to checkmate the opponent's general.
page-jieqi-start-title = The start
page-jieqi-start = The board is Xiangqi's. Each general stands face up on its point; the other fifteen pieces of each side are shuffled and placed face down on that side's starting points: two chariots, two horses, two elephants, two advisors, two cannons and five soldiers, in any order. Red moves first.
page-jieqi-face-down-title = Face-down pieces
page-jieqi-face-down = A face-down piece moves as the piece of the point it stands on: on a chariot's point as a chariot, on a horse's point as a horse, on a soldier's point one step forward, and so on, and it takes the same way. When it moves it turns face up, and from then on it is what it really is, wherever it stands.
page-jieqi-face-up-title = Face-up pieces
page-jieqi-face-up = Face-up pieces move as in Xiangqi with one difference: the palace and the river no longer hold the advisors and the elephants. An advisor moves one point diagonally anywhere; an elephant two points diagonally anywhere, though a piece on the point between still blocks it. A soldier moves forward, and sideways too beyond the river.
page-jieqi-captured-title = Face-down pieces taken
page-jieqi-captured = Whoever takes a face-down piece sees what it was; its owner never learns it. A piece taken face up is seen by both.
page-jieqi-ends-title = Wins and draws
page-jieqi-ends = Checkmate wins, and a side with no legal move loses. Fifty moves without a capture are a draw; revealing a piece does not restart the count.
page-jieqi-repetition-title = Repetition
page-jieqi-repetition = As in Xiangqi: when a position occurs for the third time, the side that gave check with every move loses, otherwise the side that kept chasing a piece. A face-down piece counts as the piece of its point.
page-jieqi-other-rules-title = Other readings
page-jieqi-other-rules = Some write that nobody sees a face-down piece that was taken, not even the one who took it. Tencent's rules forbid checking or chasing the same piece more than six moves in a row and draw after 40 rounds without a capture; a Vietnamese guide draws at the sixth repetition. PyChess lets a face-down advisor leave the palace.
page-jieqi-story = Story · Hong Kong · in the parks of Hong Kong and Guangdong since the 1980s; tournaments since 2011
page-jieqi-when-title = When and where
page-jieqi-when = Jieqi, "reveal chess", is a folk game of Hong Kong and Guangdong. By the account most sources repeat, Lo Kam-sing and his brother brought face-down pieces into Xiangqi from a military game in the 1980s, and the game spread through the parks of both cities. Around 2001 it caught on in the coastal cities, under many names and with rules that differed from place to place.
page-jieqi-changed-title = How the game changed
page-jieqi-changed = The board and pieces are Xiangqi's, but both sides' pieces other than the general start shuffled and face down; a face-down piece moves as the piece of its point and that move reveals it. Face-up advisors and elephants may leave the palace and cross the river, which makes the game wilder than its ancestor.
page-jieqi-today-title = Today
page-jieqi-today = The first official tournament was held in Hong Kong in 2011, written competition rules, on which two Xiangqi grandmasters were consulted, followed in 2014, and the Chinese Xiangqi Association adopted the game in 2016. It is played in the big Xiangqi apps, in Vietnam as cờ úp, and on PyChess.
page-jieqi-did-you-know = Did you know?
page-jieqi-fact-title = A loss you never learn of
page-jieqi-fact = Whoever takes a face-down piece sees what it was; its owner never learns it, so you can lose a chariot without ever knowing.
page-jieqi-piece-names = The pieces' own names
page-jieqi-names-title = Dark and bright
page-jieqi-names = Xiangqi's pieces, face down until they move: face-down pieces are called "dark" (暗子), face-up ones "bright" (明子).
page-jieqi-sources = Sources
page-jieqi-books-title = Sources
page-jieqi-books = Wikipedia (中文), 揭棋 · 山东象棋网, 关于揭棋的发展历程 (2017) · Tencent 天天象棋, 揭棋玩法说明 (2016) · PyChess

page-friendly-summary = Nothing is ever taken: pieces bond and set off chain reactions.
page-friendly-rules = How Friendly chess is played
page-friendly-aim-title = Chess without captures
page-friendly-aim = Friendly chess is played on a chessboard with the usual pieces and moves, but nothing is ever taken.
page-friendly-bonds-title = Bonds
page-friendly-bonds = A piece that moves onto an enemy piece does not take it: the two stand together on the square as a bond. Either player may later move the bond, always by their own piece in it, which carries its partner along. A bond moves only to empty squares.
page-friendly-chains-title = Chains
page-friendly-chains = A single piece may also move onto a bond and take the place of the piece of its own colour. That piece is released and goes on in the same move: to an empty square, onto an enemy piece (a new bond) or onto another bond, which releases another piece. Such a chain reaction can cross the whole board. The move ends when a piece lands without releasing another.
page-friendly-king-title = The king
page-friendly-king = The king never bonds and takes no part in chains: it moves only to empty squares. Castling works as in chess as long as the king is not threatened and does not pass through or land on a threatened square; a rook in a bond takes its partner along.
page-friendly-pawns-title = Pawns
page-friendly-pawns = A pawn moves forward to an empty square, two squares from its first two ranks, and diagonally forward only onto an enemy piece. A pawn in a bond moves only straight forward. En passant works in bonds too and in the middle of a chain. A pawn that reaches the last rank is promoted even when the opponent carried it there in a bond: you then choose its new piece at the start of your move.
page-friendly-win-title = Winning
page-friendly-win = You win by bonding one of your pieces with the opponent's king, directly or at the end of a chain. A king that can be reached so is threatened, and the player bar shows it. Unlike chess, a threat forbids no move: whoever overlooks it simply lets the opponent win.
page-friendly-draws-title = Draws
page-friendly-draws = Threefold repetition of a position, fifty moves by each side without a new bond or promotion, every piece but the kings in bonds, or no legal move are draws.
page-friendly-entering-title = How to move on this board
page-friendly-entering = Pick up and put down a piece by tapping or dragging. In a chain the released piece hovers above its bond, and the bar under the board shows which piece goes on; there you can also start the move again. Only steps after which the move can be completed are offered.
page-friendly-story = Story · the Netherlands · Felix Albers's Paco Ŝako, 2017
page-friendly-when-title = When and where
page-friendly-when = Friendly chess is known elsewhere as Paco Ŝako. The Dutch artist Felix Albers invented it (2017): he wanted to teach his son chess without the war in it, so in his game the pieces do not fight but embrace.
page-friendly-changed-title = How the game changed
page-friendly-changed = The board, the pieces and their moves are chess's; only capturing is gone. A piece that would take forms a bond instead, and a piece that enters a bond releases another and sets off a chain. The aim is no longer to mate the king but to bond with it.
page-friendly-today-title = Today
page-friendly-today = Paco Ŝako is sold as a set whose pieces are shaped to embrace, and it is played online on pacoplay.com, whose game engine is open source.
page-friendly-did-you-know = Did you know?
page-friendly-fact-title = Promoted by the opponent
page-friendly-fact = Your opponent can promote your pawn: if they carry it to the last rank in a bond, it is promoted, and you choose its new piece at the start of your move.
page-friendly-piece-names = The pieces' own names
page-friendly-names-title = Peace chess
page-friendly-names = The pieces are chess's and keep their names: king, queen, rook, bishop, knight and pawn. The game's own name is Esperanto: paco means peace and ŝako chess. Its maker's rules call a bond a union.
page-friendly-sources = Sources
page-friendly-books-title = Rules
page-friendly-books = The rules of Paco Ŝako and the open-source game engine of pacoplay.com, which this game mostly follows where the rules leave a point open.
page-friendly-common-title = The story and the names
page-friendly-common = The story, the sets and the meaning of the name: the game's site pacosako.com. The names of the chess pieces are common knowledge.

course-xiangqi-endless-checks-title = Endless checks lose
course-xiangqi-endless-checks-goal = Black checks you again and again. Step your general between e2 and e1 until the position has come three times.
course-xiangqi-endless-checks-hint-1 = In Xiangqi a side that checks with every move of a repetition loses when the position comes the third time.
course-xiangqi-endless-checks-hint-2 = Answer a2a1 with e1e2 and a1a2 with e2e1, as the chariot's checks come.
course-xiangqi-endless-checks-done = Black checked forever and lost: in Xiangqi a perpetual check is not a draw.

course-friendly-lesson-promotion = Promotion
course-friendly-promote-title = Promotion
course-friendly-promote-goal = Bring the pawn to the last rank and choose its new piece.
course-friendly-promote-hint-1 = A pawn on the last rank becomes a queen, rook, bishop or knight, as in chess.
course-friendly-promote-done = A pawn that reaches the last rank becomes the piece you choose for it.
course-friendly-carried-to-promotion-title = Carried to promotion
course-friendly-carried-to-promotion-goal = Black carried your pawn to e8 in a bond. Choose its new piece, then win.
course-friendly-carried-to-promotion-hint-1 = A pawn your opponent carries to your last rank is promoted: you choose its piece as the first part of your move.
course-friendly-carried-to-promotion-hint-2 = Make it a queen, then send your rook into the bond on e8: the released queen runs along the rank to the king.
course-friendly-carried-to-promotion-done = Your opponent's bond moved your pawn, and your pawn won.

course-xiangqi-save-the-draw-title = Save the draw
course-xiangqi-save-the-draw-goal = You are in check and have no attacking piece left. Take the chariot: with nothing left that can attack, the game is drawn.
course-xiangqi-save-the-draw-hint-1 = Your advisor or your general can take on e2.
course-xiangqi-save-the-draw-done = A draw: neither side has a piece left that could give mate.

course-jieqi-two-generals-title = Two generals
course-jieqi-two-generals-goal = Take the last enemy piece: with only the two generals left, the game is drawn.
course-jieqi-two-generals-hint-1 = Your general can take the chariot next to it.
course-jieqi-two-generals-done = Two generals alone are a draw.

course-friendly-all-bonded-title = All bonded
course-friendly-all-bonded-goal = Bond the last single piece: when every piece but the kings is bonded, the game is drawn.
course-friendly-all-bonded-hint-1 = Your knight can reach the pawn.
course-friendly-all-bonded-done = A draw: with every piece bonded, nobody can reach a king.
