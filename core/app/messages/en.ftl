# The app's texts in English. Every message here must exist in sk.ftl too (a test checks).
# Arguments: $side, $winner, $owner are side names (side-*), $piece piece names (piece-*),
# squares are coordinates (e5, b10), $game the game's stable name (xiangqi, jieqi, ...).

## Games and sides

game-xiangqi = Xiangqi
game-jieqi = Jieqi
game-jesonmor = Jeson Mor
game-friendly = Friendly chess
side-red = Red
side-black = Black
side-green = Green
side-white = White
seat-spectator = Spectator

## Pieces

piece-general = general
piece-advisor = advisor
piece-elephant = elephant
piece-horse = horse
piece-chariot = chariot
piece-cannon = cannon
piece-soldier = soldier
piece-knight = knight
piece-king = king
piece-queen = queen
piece-rook = rook
piece-bishop = bishop
piece-pawn = pawn
piece-face-down = face-down piece (moving as a { $piece })
piece-face-down-short = face-down piece

## Levels, handicaps, rule sets

level-novice = Novice
level-beginner = Beginner
level-casual = Casual player
level-intermediate = Intermediate
level-club = Club player
level-full = Full strength
handicap-none = No handicap
handicap-horse = The first player gives a horse
handicap-two_horses = The first player gives both horses
handicap-cannon = The first player gives a cannon
handicap-chariot = The first player gives a chariot
ruleset-default = Standard rules
ruleset-nobody_sees_captured = Nobody sees a captured face-down piece
ruleset-tencent = Tencent rules
ruleset-vietnamese = Vietnamese rules (cờ úp)
ruleset-pychess = PyChess rules

## Results

outcome-win = { $winner } wins: { $reason }.
outcome-draw = Draw: { $reason }.
win-checkmate = checkmate
win-no_moves = no legal move left
win-centre = left the centre after holding it
win-last_piece = the last piece taken
win-king_bond = a piece bonded with the king
win-perpetual_check = perpetual check by the loser
win-perpetual_chase = perpetual chase by the loser
win-excessive_checks_or_chases = too many checks or chases by the loser
win-resignation = resignation
win-time = time ran out
win-abandonment = the opponent left the game
draw-repetition = the position repeated
draw-fifty_moves = { $game ->
    [friendly] fifty moves each without a new bond or promotion
   *[other] fifty moves each without a capture
}
draw-move_limit = the rules' limit of moves without a capture
draw-insufficient_material = neither side can give mate
draw-all_bonded = every piece but the kings is bonded
draw-no_moves = no legal move
draw-agreement = the players agreed

## The status line

status-to-move = { $side } to move
status-check = { $side } to move: check
status-threatened = { $side } to move: the king is threatened
status-centre-own = { $side } to move: your knight held the centre, leaving it wins
status-centre-threat = { $side } to move: the opponent's knight stands on the centre
status-bot-to-move = { $side } (bot) to move
status-bot-thinking = { $side } (bot) is thinking…
status-hand-over = Hand the device to { $side }
status-released = The released { $piece } moves next
status-promotion = Choose the piece the pawn becomes
status-owed = Choose the piece for your pawn on { $square }
status-over = Game over

## The hand-over screen (pass-and-play where pieces are hidden)

handover-title = Hand the device to { $side }
handover-body = Only { $side } may look now: the board will show what { $side } may know.
handover-ready = I am { $side }: show the board

## Refusals of taps

refusal-game-over = The game is over.
refusal-not-your-turn = It is not your turn.
refusal-off-board = That point is not on the board.
refusal-empty-point = There is no piece there.
refusal-opponent-piece = That piece is not yours to move: { $side } is to move.
refusal-no-legal-move = The { $piece } on { $square } has no legal move.

## Why a move is not legal

illegal-no-piece = There is no piece on { $square }.
illegal-not-your-piece = The { $piece } on { $square } belongs to { $owner }, and { $side } is to move.
illegal-cannot-reach = The { $piece } on { $from } cannot move to { $to }.
illegal-generals-face = The generals would face each other on an open file.
illegal-stays-in-check = It does not get the general out of check.
illegal-leaves-check = It would leave the general in check.
illegal-leaves-general-attacked = It would leave the general attacked.
illegal-no-wxf-match = No legal move fits this WXF text.
illegal-reveal-missing = It turns up a piece: say what it revealed.
illegal-reveals-nothing = It moves a face-up piece, which reveals nothing.
illegal-captures-nothing = It captures nothing.
illegal-capture-note-misfit = The capture note does not fit the piece on the target point.
illegal-record-disagrees = The game record says { $record }.
illegal-owed-elsewhere = The owed promotion is on { $owed }, not on { $given }.
illegal-promotion-owed-first = First choose the piece for the pawn on { $square }.
illegal-step-numbered = Step { $number }: { $error }
illegal-no-move-leads-there = No legal move leads to that position.
illegal-won-by-leaving-centre = The game is over: { $winner } has won by leaving the centre.
illegal-no-knight-left = The game is over: { $side } has no knight left.
illegal-no-knight = There is no knight on { $square }.
illegal-not-a-knight-jump = A knight cannot jump from { $from } to { $to }.
illegal-own-knight-there = { $side } already has a knight on { $square }.
illegal-forbidden = The rules forbid this move here (repetition).
illegal-not-legal = It is not a legal move here.

## Friendly chess: steps of a move

step-game-over = The game is over: a king is bonded.
step-move-complete = The move is already complete.
step-promotion-owed = First choose the piece for the pawn on { $square }.
step-no-promotion-owed = No promotion is owed.
step-already-lifted = A piece is already in hand: step with it, or start the move again.
step-nothing-lifted = No piece is in hand.
step-not-your-piece = There is no piece of the side to move on { $square }.
step-cannot-move = The piece on { $square } has no move that can be completed.
step-illegal = The piece on { $from } cannot step to { $to }.
step-promotion-required = The pawn reaching { $to } must be promoted: choose its piece.
step-invalid-promotion = That promotion is not possible here: { $piece }.
step-unfinished = The move is not complete: the piece released on { $square } must step on.

## Jieqi: moves read with what they revealed

view-reveal-missing = { $move } turns a face-down piece up: say what it reveals.
view-reveal-unexpected = { $move } moves a face-up piece: it reveals nothing.
view-reveal-impossible = { $move } cannot reveal that piece, none can still be face down: { $piece }.
view-capture-missing = { $move } takes a face-down piece this seat sees: say what it was.
view-capture-unknowable = { $move }: this seat cannot learn what the captured piece is.
view-capture-impossible = { $move } cannot capture that face-down piece, none can still be face down: { $piece }.
play-game-over = The game is over.
play-illegal = { $move } is not a legal move here.
play-forbidden = { $move } is not allowed here: the rules forbid repeating it.
play-chance = { $move } turns a piece up: say what it revealed.
move-syntax = “{ $text }” is not a move.
move-illegal = “{ $text }” is not a legal move here: { $reason }
move-ambiguous = “{ $text }” fits more than one move: say which piece.

## Screens

app-name = Rodina
home-title = Rodina
home-new-game = New game
home-saved-games = Saved games
home-no-games = No saved games yet.
home-settings = Settings
home-delete = Delete
home-in-progress = { $count ->
    [one] { $count } game in progress
   *[other] { $count } games in progress
}
saved-in-progress = in progress
saved-summary = { $moves } · { $result }
saved-title = { $game }: { $first } vs { $second }
move-count = { $count ->
    [one] { $count } move
   *[other] { $count } moves
}
player-person = Person
player-bot = Bot ({ $level })
game-undo = Take back
game-resign = Resign
game-draw = Agree a draw
game-flip = Turn the board
game-restart-move = Start the move again
game-back = Back
game-moves = Moves
game-captured = Captured
game-last-move = Last move: { $move }
game-promotion-title = The pawn becomes
game-thinking = Thinking…
new-game-title = New game
new-game-game = Game
new-game-opponent = Opponent
new-game-friend = A friend on this device
new-game-bot = A bot
new-game-level = Level
new-game-side = Your side
new-game-handicap = Handicap
new-game-rules = Rules
new-game-start = Start
new-game-giver = Who gives the handicap
new-game-giver-person = You (you play Red)
new-game-giver-bot = The bot (it plays Red)
settings-title = Settings
settings-show-targets = Show where the selected piece can go
settings-show-last-move = Mark the last move
settings-rotate = Turn the board to the side to move
settings-piece-style = Piece labels
settings-characters = Chinese characters
settings-letters = Letters
settings-language = Language
settings-language-system = As the system
language-en = English
language-sk = Slovenčina

## Errors the app shows

error-bot = The bot could not move: { $detail }
error-save = The game could not be saved: { $detail }
error-invalid-input = That cannot be done: { $detail }
error-not-found = That saved game is gone.
error-game-over = The game is over.
error-storage = The saved games could not be used: { $detail }
error-database-damaged = The file of saved games is damaged, or belongs to another app, and cannot be read. It was left as it was.
error-database-too-new = The saved games were written by a newer version of Rodina: update the app to open them.
game-stop-bot = Stop the bot
game-let-bot-go-on = Let the bot play
game-threatened = Threatened
dismiss = Close
startup-opening = Opening the saved games…
startup-failed = The saved games cannot be opened
startup-try-again = Try again
error-set-aside = Set the file aside and start anew
error-set-aside-done = The old file was kept as { $file }.
error-saved-game-damaged = This saved game cannot be read: { $detail }
error-unsupported = This version of Rodina cannot do that: { $detail }
error-randomness = The device gave no randomness for the shuffle: { $detail }
error-internal = Something went wrong inside the app: { $detail }

## Letters on the pieces (the piece-label setting "Letters")

label-general = K
label-advisor = A
label-elephant = E
label-horse = H
label-chariot = R
label-cannon = C
label-soldier = P
label-knight = N
label-king = K
label-queen = Q
label-rook = R
label-bishop = B
label-pawn = P
label-face-down = ?

## Puzzles

puzzles-entry = Puzzles
puzzles-title = { $game } puzzles
puzzles-loading = Choosing a puzzle…
puzzles-none = There are no { $game } puzzles yet.
puzzles-all-solved = You have solved every { $game } puzzle.
puzzles-solved = { $count ->
    [one] { $count } puzzle solved
   *[other] { $count } puzzles solved
}
puzzles-attempts = { $count ->
    [one] { $count } attempt
   *[other] { $count } attempts
}
puzzles-in-bank = { $count ->
    [one] { $count } puzzle
   *[other] { $count } puzzles
}
puzzle-opponent-moves = { $side } moves…
puzzle-find-move = Your turn: find the best move for { $side }
puzzle-correct-next = Correct! Now the next move for { $side }
puzzle-wrong = { $move } is not the move: the puzzle is failed.
puzzle-solved = Solved!
puzzle-solved-hint = Solved with a hint: it counts as not solved.
puzzle-failed = Puzzle failed
puzzle-you = { $side } · You
puzzle-hint = Hint: the move starts on { $square }
puzzle-solution-start = The solution, { $moves }: step through it
puzzle-solution-step = Solution: move { $shown } of { $length }
puzzle-rating = Rating { $rating }
puzzle-rating-provisional = Rating { $rating }?
puzzle-change-up = +{ $change }
puzzle-change-down = −{ $change }
puzzle-change-none = ±0
puzzle-not-rated = Not rated: only the first attempt at a puzzle counts.
puzzle-rated = Puzzle rated { $rating }
puzzle-hint-button = Hint
puzzle-show-solution = Show the solution
puzzle-next = Next puzzle
puzzle-retry = Try again
puzzle-previous-move = Previous move
puzzle-next-move = Next move
puzzle-difficulty = Difficulty
difficulty-easiest = Easiest
difficulty-easier = Easier
difficulty-normal = Normal
difficulty-harder = Harder
difficulty-hardest = Hardest
theme-mate = Mate
theme-mateIn1 = Mate in 1
theme-mateIn2 = Mate in 2
theme-mateIn3 = Mate in 3
theme-mateIn4 = Mate in 4
theme-mateIn5 = Mate in 5 or more
theme-material = Winning material
theme-oneMove = One move
theme-short = Short
theme-long = Long
theme-veryLong = Very long
theme-cannonScreen = Cannon screen
theme-centre = The centre
theme-chain = Chain
theme-sako = Ŝako
theme-reveal = Reveal
error-puzzle-damaged = This puzzle cannot be used: { $detail }

## Rules courses and game pages (the courses' own texts are rodina-learn's)

courses-entry = Rules course
courses-loading = Opening the course…
course-title = { $game }: rules course
course-exercise-number = Exercise { $number } of { $count }
course-your-move = Your move ({ $side })
course-opponent-moves = { $side } replies…
course-you = { $side } · You
course-solved = Solved!
course-moves = Moves: { $moves } · par { $par }
course-targets = Targets: { $collected } of { $total }
course-score = { $points ->
    [one] { $points } point
   *[other] { $points } points
}
course-stars = { $stars } of { $max } stars
course-best = Best so far: { $score }
course-new-best = A new best score!
course-solved-count = { $solved } of { $count } exercises solved
course-all-solved = Every exercise is solved: play them again for three stars.
course-not-solved = Not solved yet
course-hint-button = Hint
course-retry = Try again
course-next = Next exercise
course-continue = Continue
course-page-entry = About the game
course-page-title = About { $game }
error-course-damaged = The rules course cannot be used: { $detail }

## Online play with friends (the online feature's own block)

online-entry = Play a friend online
online-title = { $game } online
online-guest = Guest
online-you = { $side } · { $name } (you)
online-waiting-state = Waiting for the game…
online-status-opponent = { $side } to move: waiting for your opponent
online-status-sending = Sending your move…
online-connecting = Connecting…
online-reconnecting = Connection lost: trying again in { $seconds } s…
online-offline-suspended = Paused: the game reconnects when you come back.
online-offline-unreachable = Offline: the server cannot be reached. Still trying…
online-offline-signed-out = Signed out: sign in again to go on with this game.
online-offline-gone = The server no longer has this game.
online-offline-outdated = Update Rodina to play online: the server speaks a newer protocol.
online-aborted = Game aborted.
online-draw-offered-by-you = You offered a draw.
online-draw-offered-to-you = Your opponent offers a draw.
online-draw-offered-by = { $side } offers a draw.
online-opponent-away = Your opponent has left the game.
online-opponent-claimable = Your opponent has been gone a long while: you may claim the win.
online-rematch-offered = Rematch offered: waiting for your opponent.
online-rematch-received = Your opponent offers a rematch.
online-deal-pending = The deal is checked when the game ends.
online-deal-verified = The deal was checked: it was not changed during the game.
online-deal-failed = Warning: the deal revealed does not match what the server promised at the start.
online-refused-not-your-turn = It is not your turn.
online-refused-illegal = The server did not accept that move.
online-refused-game-over = The game is over.
online-refused-no-draw-offer = There is no draw offer to answer.
online-refused-too-late-to-abort = Too late to abort: both sides have moved.
online-refused-not-claimable = Your opponent has not been gone long enough to claim the win.
online-refused-not-a-player = Spectators cannot play.
online-refused-rate-limited = Slow down: too much at once.
online-refused-server = The server could not do that: try again.
online-bad-state = The game the server sent cannot be read: { $detail }
online-not-connected = Not connected: try again once the game is back online.
online-clock-none = No clock
online-side-random = Random
online-invite-summary = { $game } · { $clock } · { $side }
online-invite-you-play = you play { $side }
online-invite-side-drawn = sides drawn at random
online-invite-share-text = Play { $game } with me on Rodina: open { $link } or enter the code { $code }.
online-join-from = { $name } invites you: { $summary }
online-invite-title = Invite a friend
online-invite-create = Create the invitation
online-invite-side = Your side
online-invite-clock = Clock
online-invite-share = Share the invitation
online-invite-waiting = Waiting for your friend to join…
online-join-title = Join a game
online-join-code = Invitation code
online-join-button = Join
online-offer-draw = Offer a draw
online-accept-draw = Accept the draw
online-decline-draw = Decline
online-resign = Resign
online-abort = Abort the game
online-claim-win = Claim the win
online-rematch = Rematch
online-accept-rematch = Accept the rematch
online-account-title = Your online account
online-account-name = Name
online-account-password = Password
online-account-current-password = Current password
online-account-set-name = Save the name
online-account-sign-in = Sign in
online-account-sign-out = Sign out
online-account-guest-hint = Give your account a name and a password to play on another device too.
online-error-network = The server cannot be reached. Check the connection and try again.
online-error-signed-out = This device is signed out: sign in again.
online-error-wrong-password = The name or the password is wrong.
online-error-forbidden = That is not yours to do.
online-error-not-found = There is no such invitation or game.
online-error-name-taken = That name is taken.
online-error-invitation-taken = This invitation has been accepted already (or it is your own).
online-error-expired = The invitation has expired.
online-error-outdated = Update Rodina: the server speaks a newer protocol.
online-error-rate-limited = Too many tries: wait { $seconds } s.
online-error-bad-request = The server refused that: { $detail }
online-error-server = The server failed: try again later.
online-error-bad-answer = The server's answer cannot be read.
online-error-invalid = That cannot be used: { $detail }
online-error-unsent = { $count ->
    [one] One result has not been sent yet. Connect to the internet and sync first.
   *[other] { $count } results have not been sent yet. Connect to the internet and sync first.
}
online-error-sync-refused = The server did not take one of the results; it stays on this device.
online-pairing-expired = The pairing code has expired: show a new one on the other device.
sync-title = Progress on your devices
sync-now = Sync now
sync-up-to-date = Everything is synced.
sync-pending = { $count ->
    [one] One result waits to be sent.
   *[other] { $count } results wait to be sent.
}
sync-running = Syncing…
sync-offline = { $count ->
    [0] No connection.
    [one] No connection: one result waits to be sent.
   *[other] No connection: { $count } results wait to be sent.
}
sync-waiting = The server is busy: syncing again in { $seconds } s.
sync-signed-out = Signed out: sign in to sync your progress.
sync-failed = Syncing failed; it will be tried again.
sync-pairing-show = Show a pairing code
sync-pairing-enter = Use a pairing code
sync-pairing-code = Pairing code
sync-pairing-text = On your other device, choose “Use a pairing code” and type { $code }. The code works for { $minutes } minutes, once.
online-pairing-unknown = There is no such pairing code, or it was used already: show a new one on the other device.
