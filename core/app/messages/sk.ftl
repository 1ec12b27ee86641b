# Texty aplikácie po slovensky. Každá správa musí byť aj v en.ftl (kontroluje to test).
# Argumenty: $side, $winner, $owner sú mená strán (side-*), $piece mená figúr (piece-*),
# body sú súradnice (e5, b10), $game stabilné meno hry (xiangqi, jieqi, ...).

## Hry a strany

game-xiangqi = Siang-čchi
game-jieqi = Ťie-čchi
game-jesonmor = Jeson Mor
game-friendly = Priateľský šach
side-red = Červený
side-black = Čierny
side-green = Zelený
side-white = Biely
seat-spectator = Divák

## Figúry

piece-general = generál
piece-advisor = radca
piece-elephant = slon
piece-horse = kôň
piece-chariot = voz
piece-cannon = delo
piece-soldier = vojak
piece-knight = jazdec
piece-king = kráľ
piece-queen = dáma
piece-rook = veža
piece-bishop = strelec
piece-pawn = pešiak
piece-face-down = zakrytá figúra (ťahá ako { $piece })
piece-face-down-short = zakrytá figúra

## Úrovne, fory, pravidlá

level-novice = Nováčik
level-beginner = Začiatočník
level-casual = Rekreačný hráč
level-intermediate = Pokročilý
level-club = Klubový hráč
level-full = Plná sila
handicap-none = Bez fory
handicap-horse = Prvý hráč dáva foru koňa
handicap-two_horses = Prvý hráč dáva foru oboch koní
handicap-cannon = Prvý hráč dáva foru dela
handicap-chariot = Prvý hráč dáva foru voza
ruleset-default = Štandardné pravidlá
ruleset-nobody_sees_captured = Zobratú zakrytú figúru nevidí nikto
ruleset-tencent = Pravidlá Tencentu
ruleset-vietnamese = Vietnamské pravidlá (cờ úp)
ruleset-pychess = Pravidlá PyChess

## Výsledky

outcome-win = Vyhráva { $winner }: { $reason }.
outcome-draw = Remíza: { $reason }.
win-checkmate = mat
win-no_moves = súperovi nezostal žiadny legálny ťah
win-centre = odchod zo stredu po jeho udržaní
win-last_piece = zobratá posledná súperova figúra
win-king_bond = figúra sa spojila s kráľom
win-perpetual_check = porazený dával večný šach
win-perpetual_chase = porazený večne prenasledoval figúru
win-excessive_checks_or_chases = porazený dal priveľa šachov alebo prenasledovaní
win-resignation = súper sa vzdal
win-time = súperovi vypršal čas
win-abandonment = súper opustil hru
draw-repetition = pozícia sa opakovala
draw-fifty_moves = { $game ->
    [friendly] päťdesiat ťahov každého bez nového spojenia či premeny
   *[other] päťdesiat ťahov každého bez brania
}
draw-move_limit = limit ťahov bez brania podľa pravidiel
draw-insufficient_material = ani jedna strana nemôže dať mat
draw-all_bonded = všetky figúry okrem kráľov sú v spojeniach
draw-no_moves = žiadny legálny ťah
draw-agreement = hráči sa dohodli

## Stavový riadok

status-to-move = Na ťahu je { $side }
status-check = Na ťahu je { $side }: šach
status-threatened = Na ťahu je { $side }: kráľ je ohrozený
status-centre-own = Na ťahu je { $side }: váš jazdec udržal stred, odchodom z neho vyhráte
status-centre-threat = Na ťahu je { $side }: na strede stojí súperov jazdec
status-bot-to-move = Na ťahu je { $side } (bot)
status-bot-thinking = { $side } (bot) premýšľa…
status-hand-over = Podajte zariadenie ďalej: na ťahu je { $side }
status-released = Ďalej ide uvoľnená figúra: { $piece }
status-promotion = Vyberte, na čo sa pešiak premení
status-owed = Vyberte figúru pre svojho pešiaka na { $square }
status-over = Koniec partie

## Obrazovka odovzdania (hra na jednom zariadení so zakrytými figúrami)

handover-title = Podajte zariadenie ďalej: na ťahu je { $side }
handover-body = Teraz sa smie pozerať len { $side }: doska ukáže, čo smie vedieť.
handover-ready = Som { $side }: ukázať dosku

## Odmietnuté ťuknutia

refusal-game-over = Partia sa skončila.
refusal-not-your-turn = Nie ste na ťahu.
refusal-off-board = Ten bod nie je na doske.
refusal-empty-point = Nestojí tam žiadna figúra.
refusal-opponent-piece = Túto figúru neťaháte vy: na ťahu je { $side }.
refusal-no-legal-move = Figúra na { $square } ({ $piece }) nemá žiadny legálny ťah.

## Prečo ťah nie je legálny

illegal-no-piece = Na { $square } nestojí žiadna figúra.
illegal-not-your-piece = Figúra na { $square } ({ $piece }) patrí strane { $owner } a na ťahu je { $side }.
illegal-cannot-reach = Figúra na { $from } ({ $piece }) nemôže ísť na { $to }.
illegal-generals-face = Generáli by stáli proti sebe na voľnom stĺpci.
illegal-stays-in-check = Tento ťah neodvráti šach generálovi.
illegal-leaves-check = Po tomto ťahu by bol vlastný generál v šachu.
illegal-leaves-general-attacked = Po tomto ťahu by bol vlastný generál napadnutý.
illegal-no-wxf-match = Zápisu WXF nezodpovedá žiadny legálny ťah.
illegal-reveal-missing = Ťah odkrýva figúru: uveďte, čo odkryl.
illegal-reveals-nothing = Ťahá odkrytou figúrou, ktorá nič neodkrýva.
illegal-captures-nothing = Ťah nič neberie.
illegal-capture-note-misfit = Zápis brania nezodpovedá figúre na cieľovom bode.
illegal-record-disagrees = Záznam partie uvádza { $record }.
illegal-owed-elsewhere = Dlžná premena je na { $owed }, nie na { $given }.
illegal-promotion-owed-first = Najprv vyberte figúru pre pešiaka na { $square }.
illegal-step-numbered = Krok { $number }: { $error }
illegal-no-move-leads-there = K tejto pozícii nevedie žiadny legálny ťah.
illegal-won-by-leaving-centre = Partia sa skončila: { $winner } vyhral odchodom zo stredu.
illegal-no-knight-left = Partia sa skončila: { $side } už nemá žiadneho jazdca.
illegal-no-knight = Na { $square } nestojí žiadny jazdec.
illegal-not-a-knight-jump = Jazdec nemôže skočiť z { $from } na { $to }.
illegal-own-knight-there = { $side } už má jazdca na { $square }.
illegal-forbidden = Pravidlá tu tento ťah zakazujú (opakovanie).
illegal-not-legal = Toto tu nie je legálny ťah.

## Priateľský šach: kroky ťahu

step-game-over = Partia sa skončila: kráľ je v spojení.
step-move-complete = Ťah je už dokončený.
step-promotion-owed = Najprv vyberte figúru pre pešiaka na { $square }.
step-no-promotion-owed = Žiadna premena nie je dlžná.
step-already-lifted = Figúru už držíte: ťahajte ňou alebo začnite ťah odznova.
step-nothing-lifted = Nedržíte žiadnu figúru.
step-not-your-piece = Na { $square } nestojí figúra strany na ťahu.
step-cannot-move = Figúra na { $square } nemá ťah, ktorý by sa dal dokončiť.
step-illegal = Figúra z { $from } nemôže ísť na { $to }.
step-promotion-required = Pešiak na { $to } sa musí premeniť: vyberte figúru.
step-invalid-promotion = Taká premena tu nie je možná: { $piece }.
step-unfinished = Ťah nie je dokončený: figúra uvoľnená na { $square } musí ísť ďalej.

## Ťie-čchi: ťahy zapísané s tým, čo odkryli

view-reveal-missing = { $move } otáča zakrytú figúru: uveďte, čo odkryje.
view-reveal-unexpected = { $move } ťahá odkrytou figúrou: nič neodkryje.
view-reveal-impossible = { $move } nemôže odkryť takú figúru, žiadna už nemôže byť zakrytá: { $piece }.
view-capture-missing = { $move } berie zakrytú figúru, ktorú tento hráč vidí: uveďte, čo to bolo.
view-capture-unknowable = { $move }: tento hráč sa nemôže dozvedieť, čo bolo zobraté.
view-capture-impossible = { $move } nemôže zobrať takú zakrytú figúru, žiadna už nemôže byť zakrytá: { $piece }.
play-game-over = Partia sa skončila.
play-illegal = { $move } tu nie je legálny ťah.
play-forbidden = { $move } tu nie je dovolený: pravidlá zakazujú jeho opakovanie.
play-chance = { $move } otáča figúru: uveďte, čo odkryl.
move-syntax = „{ $text }“ nie je ťah.
move-illegal = „{ $text }“ tu nie je legálny ťah: { $reason }
move-ambiguous = „{ $text }“ zodpovedá viacerým ťahom: uveďte, ktorou figúrou.

## Obrazovky

app-name = Rodina
home-title = Rodina
home-new-game = Nová partia
home-saved-games = Uložené partie
home-no-games = Zatiaľ žiadne uložené partie.
home-settings = Nastavenia
home-delete = Vymazať
home-in-progress = { $count ->
    [one] { $count } rozohraná partia
    [few] { $count } rozohrané partie
   *[other] { $count } rozohraných partií
}
saved-in-progress = prebieha
saved-summary = { $moves } · { $result }
saved-title = { $game }: { $first } – { $second }
move-count = { $count ->
    [one] { $count } ťah
    [few] { $count } ťahy
   *[other] { $count } ťahov
}
player-person = Človek
player-bot = Bot ({ $level })
game-undo = Vziať späť
game-resign = Vzdať sa
game-draw = Dohodnúť remízu
game-flip = Otočiť dosku
game-restart-move = Začať ťah odznova
game-back = Späť
game-moves = Ťahy
game-captured = Zobraté
game-last-move = Posledný ťah: { $move }
game-promotion-title = Pešiak sa premení na
game-thinking = Premýšľa…
new-game-title = Nová partia
new-game-game = Hra
new-game-opponent = Súper
new-game-friend = Priateľ na tomto zariadení
new-game-bot = Bot
new-game-level = Úroveň
new-game-side = Vaša strana
new-game-handicap = Fora
new-game-rules = Pravidlá
new-game-start = Začať
new-game-giver = Kto dáva foru
new-game-giver-person = Vy (hráte červenými)
new-game-giver-bot = Bot (hrá červenými)
settings-title = Nastavenia
settings-show-targets = Ukazovať, kam môže vybraná figúra ísť
settings-show-last-move = Označovať posledný ťah
settings-rotate = Otáčať dosku k strane na ťahu
settings-piece-style = Označenie figúr
settings-characters = Čínske znaky
settings-letters = Písmená
settings-language = Jazyk
settings-language-system = Podľa systému
language-en = English
language-sk = Slovenčina

## Chyby, ktoré aplikácia ukazuje

error-bot = Bot nemohol ťahať: { $detail }
error-save = Partiu sa nepodarilo uložiť: { $detail }
error-invalid-input = To sa nedá urobiť: { $detail }
error-not-found = Tá uložená partia už neexistuje.
error-game-over = Partia sa skončila.
error-storage = Uložené partie sa nedali použiť: { $detail }
error-database-damaged = Súbor uložených partií je poškodený alebo patrí inej aplikácii a nedá sa prečítať. Zostal nezmenený.
error-database-too-new = Uložené partie zapísala novšia verzia aplikácie Rodina: aktualizujte aplikáciu, aby ste ich otvorili.
game-stop-bot = Zastaviť bota
game-let-bot-go-on = Nechať bota hrať
game-threatened = Ohrozený
dismiss = Zavrieť
startup-opening = Otvárajú sa uložené partie…
startup-failed = Uložené partie sa nedajú otvoriť
startup-try-again = Skúsiť znova
error-set-aside = Odložiť súbor a začať odznova
error-set-aside-done = Starý súbor zostal uložený ako { $file }.
error-saved-game-damaged = Túto uloženú partiu sa nedá prečítať: { $detail }
error-unsupported = Táto verzia aplikácie Rodina to nevie: { $detail }
error-randomness = Zariadenie nedalo náhodné čísla na zamiešanie: { $detail }
error-internal = V aplikácii sa niečo pokazilo: { $detail }

## Písmená na figúrach (nastavenie označenia figúr „Písmená“)

label-general = G
label-advisor = R
label-elephant = S
label-horse = K
label-chariot = V
label-cannon = D
label-soldier = P
label-knight = J
label-king = K
label-queen = D
label-rook = V
label-bishop = S
label-pawn = P
label-face-down = ?

## Úlohy

puzzles-entry = Úlohy
puzzles-title = Úlohy: { $game }
puzzles-loading = Vyberá sa úloha…
puzzles-none = Úlohy pre hru { $game } zatiaľ nie sú.
puzzles-all-solved = Vyriešili ste všetky úlohy hry { $game }.
puzzles-solved = { $count ->
    [one] { $count } vyriešená úloha
    [few] { $count } vyriešené úlohy
   *[other] { $count } vyriešených úloh
}
puzzles-attempts = { $count ->
    [one] { $count } pokus
    [few] { $count } pokusy
   *[other] { $count } pokusov
}
puzzles-in-bank = { $count ->
    [one] { $count } úloha
    [few] { $count } úlohy
   *[other] { $count } úloh
}
puzzle-opponent-moves = Ťahá { $side }…
puzzle-find-move = Ste na ťahu ({ $side }): nájdite najlepší ťah
puzzle-correct-next = Správne! Teraz ďalší ťah ({ $side })
puzzle-wrong = { $move } nie je správny ťah: úloha nevyriešená.
puzzle-solved = Vyriešené!
puzzle-solved-hint = Vyriešené s nápovedou: nepočíta sa ako vyriešené.
puzzle-failed = Úloha nevyriešená
puzzle-you = { $side } · Vy
puzzle-hint = Nápoveda: ťah začína na { $square }
puzzle-solution-start = Riešenie, { $moves }: prejdite si ho
puzzle-solution-step = Riešenie: ťah { $shown } z { $length }
puzzle-rating = Hodnotenie { $rating }
puzzle-rating-provisional = Hodnotenie { $rating }?
puzzle-change-up = +{ $change }
puzzle-change-down = −{ $change }
puzzle-change-none = ±0
puzzle-not-rated = Nehodnotené: počíta sa len prvý pokus o úlohu.
puzzle-rated = Hodnotenie úlohy { $rating }
puzzle-hint-button = Nápoveda
puzzle-show-solution = Ukázať riešenie
puzzle-next = Ďalšia úloha
puzzle-retry = Skúsiť znova
puzzle-previous-move = Predchádzajúci ťah
puzzle-next-move = Ďalší ťah
puzzle-difficulty = Obťažnosť
difficulty-easiest = Najľahšie
difficulty-easier = Ľahšie
difficulty-normal = Normálne
difficulty-harder = Ťažšie
difficulty-hardest = Najťažšie
theme-mate = Mat
theme-mateIn1 = Mat 1 ťahom
theme-mateIn2 = Mat 2 ťahmi
theme-mateIn3 = Mat 3 ťahmi
theme-mateIn4 = Mat 4 ťahmi
theme-mateIn5 = Mat 5 a viac ťahmi
theme-material = Zisk materiálu
theme-oneMove = Jeden ťah
theme-short = Krátka
theme-long = Dlhá
theme-veryLong = Veľmi dlhá
theme-cannonScreen = Clona dela
theme-centre = Stred
theme-chain = Reťaz
theme-sako = Ŝako
theme-reveal = Odkrytie
error-puzzle-damaged = Túto úlohu nemožno použiť: { $detail }

## Kurzy pravidiel a stránky hier (texty samotných kurzov sú v rodina-learn)

courses-entry = Kurz pravidiel
courses-loading = Otvára sa kurz…
course-title = { $game }: kurz pravidiel
course-exercise-number = Cvičenie { $number }/{ $count }
course-your-move = Ste na ťahu ({ $side })
course-opponent-moves = Odpovedá { $side }…
course-you = { $side } · Vy
course-solved = Vyriešené!
course-moves = Ťahy: { $moves } · norma { $par }
course-targets = Ciele: { $collected }/{ $total }
course-score = { $points ->
    [one] { $points } bod
    [few] { $points } body
   *[other] { $points } bodov
}
course-stars = Hviezdy: { $stars }/{ $max }
course-best = Doteraz najlepšie: { $score }
course-new-best = Nové najlepšie skóre!
course-solved-count = Vyriešené cvičenia: { $solved }/{ $count }
course-all-solved = Všetky cvičenia sú vyriešené: zahrajte si ich znova pre tri hviezdy.
course-not-solved = Zatiaľ nevyriešené
course-hint-button = Rada
course-retry = Skúsiť znova
course-next = Ďalšie cvičenie
course-continue = Pokračovať
course-page-entry = O hre
course-page-title = { $game }: o hre
error-course-damaged = Kurz pravidiel sa nedá použiť: { $detail }

## Online play with friends (the online feature's own block)

online-entry = Hrať s priateľom online
online-title = { $game } online
online-guest = Hosť
online-you = { $side } · { $name } (vy)
online-waiting-state = Čaká sa na partiu…
online-status-opponent = Na ťahu: { $side }. Čaká sa na súpera
online-status-sending = Váš ťah sa odosiela…
online-connecting = Pripája sa…
online-reconnecting = Spojenie sa prerušilo: ďalší pokus o { $seconds } s…
online-offline-suspended = Pozastavené: partia sa znova pripojí, keď sa vrátite.
online-offline-unreachable = Offline: server je nedostupný. Skúša sa ďalej…
online-offline-signed-out = Zariadenie je odhlásené: prihláste sa znova, aby ste mohli pokračovať.
online-offline-gone = Server už túto partiu nemá.
online-offline-outdated = Na hru online aktualizujte Rodinu: server hovorí novším protokolom.
online-aborted = Partia bola zrušená.
online-draw-offered-by-you = Ponúkli ste remízu.
online-draw-offered-to-you = Súper ponúka remízu.
online-draw-offered-by = { $side } ponúka remízu.
online-opponent-away = Súper opustil partiu.
online-opponent-claimable = Súper je preč už dlho: môžete si nárokovať výhru.
online-rematch-offered = Odveta ponúknutá: čaká sa na súpera.
online-rematch-received = Súper ponúka odvetu.
online-deal-pending = Rozdanie sa overí na konci partie.
online-deal-verified = Rozdanie bolo overené: počas partie sa nezmenilo.
online-deal-failed = Pozor: odhalené rozdanie nezodpovedá tomu, čo server sľúbil na začiatku.
online-refused-not-your-turn = Nie ste na ťahu.
online-refused-illegal = Server tento ťah neprijal.
online-refused-game-over = Partia sa skončila.
online-refused-no-draw-offer = Nie je tu ponuka remízy, na ktorú by sa dalo odpovedať.
online-refused-too-late-to-abort = Na zrušenie je neskoro: obe strany už ťahali.
online-refused-not-claimable = Súper nie je preč dosť dlho na nárok na výhru.
online-refused-not-a-player = Diváci nehrajú.
online-refused-rate-limited = Pomalšie: priveľa naraz.
online-refused-server = Server to nedokázal: skúste znova.
online-bad-state = Partiu, ktorú poslal server, nemožno prečítať: { $detail }
online-not-connected = Nie ste pripojení: skúste znova, keď bude partia online.
online-clock-none = Bez hodín
online-side-random = Náhodne
online-invite-summary = { $game } · { $clock } · { $side }
online-invite-you-play = hráte za stranu { $side }
online-invite-side-drawn = strany sa vylosujú
online-invite-share-text = Zahraj si so mnou { $game } v Rodine: otvor { $link } alebo zadaj kód { $code }.
online-join-from = { $name } vás pozýva: { $summary }
online-invite-title = Pozvať priateľa
online-invite-create = Vytvoriť pozvánku
online-invite-side = Vaša strana
online-invite-clock = Hodiny
online-invite-share = Zdieľať pozvánku
online-invite-waiting = Čaká sa, kým sa priateľ pripojí…
online-join-title = Pripojiť sa k partii
online-join-code = Kód pozvánky
online-join-button = Pripojiť sa
online-offer-draw = Ponúknuť remízu
online-accept-draw = Prijať remízu
online-decline-draw = Odmietnuť
online-resign = Vzdať sa
online-abort = Zrušiť partiu
online-claim-win = Nárokovať výhru
online-rematch = Odveta
online-accept-rematch = Prijať odvetu
online-account-title = Váš účet online
online-account-name = Meno
online-account-password = Heslo
online-account-current-password = Súčasné heslo
online-account-set-name = Uložiť meno
online-account-sign-in = Prihlásiť sa
online-account-sign-out = Odhlásiť sa
online-account-guest-hint = Dajte účtu meno a heslo, aby ste mohli hrať aj na inom zariadení.
online-error-network = Server je nedostupný. Skontrolujte pripojenie a skúste znova.
online-error-signed-out = Toto zariadenie je odhlásené: prihláste sa znova.
online-error-wrong-password = Meno alebo heslo nie je správne.
online-error-forbidden = Toto vám neprislúcha.
online-error-not-found = Takáto pozvánka ani partia neexistuje.
online-error-name-taken = Toto meno je obsadené.
online-error-invitation-taken = Túto pozvánku už niekto prijal (alebo je vaša vlastná).
online-error-expired = Platnosť pozvánky vypršala.
online-error-outdated = Aktualizujte Rodinu: server hovorí novším protokolom.
online-error-rate-limited = Priveľa pokusov: počkajte { $seconds } s.
online-error-bad-request = Server to odmietol: { $detail }
online-error-server = Server zlyhal: skúste neskôr.
online-error-bad-answer = Odpoveď servera nemožno prečítať.
online-error-invalid = Toto nemožno použiť: { $detail }
online-error-unsent = { $count ->
    [one] Jeden výsledok ešte nebol odoslaný. Pripojte sa na internet a najprv synchronizujte.
    [few] { $count } výsledky ešte neboli odoslané. Pripojte sa na internet a najprv synchronizujte.
   *[other] { $count } výsledkov ešte nebolo odoslaných. Pripojte sa na internet a najprv synchronizujte.
}
online-error-sync-refused = Server neprijal jeden z výsledkov; zostáva v tomto zariadení.
online-pairing-expired = Platnosť párovacieho kódu vypršala: zobrazte nový na druhom zariadení.
sync-title = Pokrok na vašich zariadeniach
sync-now = Synchronizovať teraz
sync-up-to-date = Všetko je synchronizované.
sync-pending = { $count ->
    [one] Jeden výsledok čaká na odoslanie.
    [few] { $count } výsledky čakajú na odoslanie.
   *[other] { $count } výsledkov čaká na odoslanie.
}
sync-running = Synchronizuje sa…
sync-offline = { $count ->
    [0] Bez pripojenia.
    [one] Bez pripojenia: jeden výsledok čaká na odoslanie.
    [few] Bez pripojenia: { $count } výsledky čakajú na odoslanie.
   *[other] Bez pripojenia: { $count } výsledkov čaká na odoslanie.
}
sync-waiting = Server je zaneprázdnený: synchronizuje sa znova o { $seconds } s.
sync-signed-out = Odhlásené: prihláste sa, aby sa váš pokrok synchronizoval.
sync-failed = Synchronizácia zlyhala; skúsi sa znova.
sync-pairing-show = Zobraziť párovací kód
sync-pairing-enter = Použiť párovací kód
sync-pairing-code = Párovací kód
sync-pairing-text = Na druhom zariadení zvoľte „Použiť párovací kód“ a zadajte { $code }. Kód platí { $minutes } minút, raz.
online-pairing-unknown = Takýto párovací kód neexistuje alebo už bol použitý: zobrazte nový na druhom zariadení.
