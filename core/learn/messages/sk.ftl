## Kurzy pravidiel: názvy lekcií a pri každom cvičení jeho názov, cieľ, rady a slová po
## úspechu. Identifikátory: course-GAME-lesson-LESSON, course-GAME-EXERCISE-PART.

## Prečo cvičenie zlyhalo

course-failed-piece-left = Nechali ste figúru, ktorú možno vziať. Skúste to znova.
course-failed-illegal-move = Taký ťah tu nie je povolený. Skúste to znova.
course-failed-piece-lost = Súper vám vzal figúru. Skúste to znova.
course-failed-off-script = Váš ťah opustil líniu, ktorou sa toto cvičenie riadi: pripravená odpoveď súpera už nesedí. Skúste to znova.
course-failed-game-over = Partia sa skončila a cieľ ste nedosiahli. Skúste to znova.

## Jeson Mor

course-jesonmor-lesson-knight = Jazdec
course-jesonmor-lesson-capture = Branie
course-jesonmor-lesson-centre = Stred

course-jesonmor-leap-title = Skok
course-jesonmor-leap-goal = Skočte jazdcom na označené pole.
course-jesonmor-leap-hint-1 = Jazdec ide o dve polia jedným smerom a o jedno nabok, ako písmeno L.
course-jesonmor-leap-done = Iný ťah tu nie je: v Jeson Mor je každá figúra jazdec.

course-jesonmor-two-leaps-title = Dva skoky
course-jesonmor-two-leaps-goal = Navštívte obe označené polia.
course-jesonmor-two-leaps-hint-1 = Najprv choďte na bližšie pole; odtiaľ je druhé na jeden skok.
course-jesonmor-two-leaps-done = Výborne. Plánovať dva skoky dopredu je polovica hry.

course-jesonmor-over-title = Ponad ostatných
course-jesonmor-over-goal = Dostaňte jazdca na označené pole.
course-jesonmor-over-hint-1 = Jazdec preskočí každú figúru v ceste, svoju aj súperovu.
course-jesonmor-over-done = Jazdca nič nezastaví: stačí, aby na cieľovom poli nestála jeho vlastná figúra.

course-jesonmor-tour-title = Malá prechádzka
course-jesonmor-tour-goal = Navštívte všetky tri označené polia tromi ťahmi.
course-jesonmor-tour-hint-1 = Navštívte ich v poradí podľa vzdialenosti od rohu.
course-jesonmor-tour-done = Tri skoky, tri polia.

course-jesonmor-take-title = Vezmite jazdca
course-jesonmor-take-goal = Vezmite súperovho jazdca na označenom poli.
course-jesonmor-take-hint-1 = Jazdec berie tak, že skočí na nepriateľskú figúru.
course-jesonmor-take-done = Vzatý. Z dosky odchádza navždy.

course-jesonmor-take-two-title = Dvoch za sebou
course-jesonmor-take-two-goal = Vezmite oboch označených jazdcov.
course-jesonmor-take-two-hint-1 = Vezmite toho, na ktorého dosiahnete teraz; druhý je odtiaľ na skok.
course-jesonmor-take-two-done = Dvaja jazdci dvoma ťahmi.

course-jesonmor-last-knight-title = Posledný jazdec
course-jesonmor-last-knight-goal = Vyhrajte tým, že vezmete súperovi posledného jazdca.
course-jesonmor-last-knight-hint-1 = Dosiahnete ho jedným skokom.
course-jesonmor-last-knight-done = Strana, ktorej neostal žiadny jazdec, prehrala.

course-jesonmor-occupy-title = Stredové pole
course-jesonmor-occupy-goal = Postavte jazdca na e5, do stredu.
course-jesonmor-occupy-hint-1 = e5 je pole presne v strede dosky.
course-jesonmor-occupy-done = Držíte stred. Teraz musí jazdec prečkať súperovu odpoveď.

course-jesonmor-leave-title = Odíďte a vyhrajte
course-jesonmor-leave-goal = Váš jazdec na e5 prečkal súperovu odpoveď. Potiahnite ním preč a vyhrajte.
course-jesonmor-leave-hint-1 = Teraz vyhráva každý ťah jazdca z e5.
course-jesonmor-leave-done = Vyhrali ste: jazdec, ktorý v strede prečká odpoveď, vyhráva tým, že z neho odíde.

course-jesonmor-hold-title = Obsaďte, prečkajte, odíďte
course-jesonmor-hold-goal = Vyhrajte stredom: choďte na e5, nechajte súpera odpovedať a potom odíďte.
course-jesonmor-hold-hint-1 = Najprv skočte na e5; po súperovom ťahu z neho odskočte.
course-jesonmor-hold-done = Takto sa vyhráva väčšina partií Jeson Mor.

course-jesonmor-clear-the-way-title = Uvoľnite cestu
course-jesonmor-clear-the-way-goal = Vyhrajte stredom bez straty jazdca.
course-jesonmor-clear-the-way-hint-1 = Jazdec na c6 stráži e5: vášho jazdca by tam vzal.
course-jesonmor-clear-the-way-hint-2 = Najprv vezmite jazdca na c6, potom choďte na e5.
course-jesonmor-clear-the-way-done = Stred si najprv zaistite, až potom naň vstúpte.

course-jesonmor-escape-title = Z dosahu
course-jesonmor-escape-goal = Váš jazdec je napadnutý. Presuňte ho tam, kde ho žiadny jazdec nevezme.
course-jesonmor-escape-hint-1 = Pozrite sa na všetky polia, kam môžu skočiť nepriateľskí jazdci, a vyhnite sa im.
course-jesonmor-escape-done = V bezpečí. Pred každým ťahom sa opýtajte, ktorého z vašich jazdcov by potom mohli vziať.

course-jesonmor-take-the-centre-title = Zastavte stred
course-jesonmor-take-the-centre-goal = Nepriateľský jazdec na e5 vyhrá, keď z neho odíde. Vezmite ho hneď.
course-jesonmor-take-the-centre-hint-1 = Ak jazdec na e5 prečká váš ťah, súper vyhrá.
course-jesonmor-take-the-centre-done = Vziať jazdca v strede je najistejšia obrana.

course-jesonmor-take-and-hold-title = Zoberte stred
course-jesonmor-take-and-hold-goal = Vyhrajte stredom: vezmite jazdca na e5, prečkajte odpoveď a odíďte.
course-jesonmor-take-and-hold-hint-1 = Jazdec, ktorý na e5 vezme, ho drží rovnako ako ten, ktorý tam len skočil.
course-jesonmor-take-and-hold-done = Aj braním sa dá do stredu vstúpiť.

course-jesonmor-lesson-draw = Remíza
course-jesonmor-fifty-moves-title = Päťdesiat ťahov
course-jesonmor-fifty-moves-goal = Už 99 polťahov nebol vzatý žiadny jazdec a nepriateľský jazdec na e5 vyhrá, keď z neho odíde. Zachráňte partiu: dosiahnite remízu podľa pravidla päťdesiatich ťahov.
course-jesonmor-fifty-moves-hint-1 = Päťdesiat ťahov každej strany, teda sto polťahov, bez brania je remíza. Váš ďalší ťah je stý.
course-jesonmor-fifty-moves-hint-2 = Nič neberte: branie začne počítanie odznova a jazdec na e5 potom odíde a vyhrá.
course-jesonmor-fifty-moves-done = Remíza. Jeson Mor sa končí remízou aj vtedy, keď sa tá istá pozícia zopakuje tretíkrát.

course-jesonmor-lesson-first-win = Vaša prvá výhra
course-jesonmor-first-win-title = Celá partia
course-jesonmor-first-win-goal = Vyhrajte partiu cez stred.
course-jesonmor-first-win-hint-1 = Priveďte jazdca na skok od e5 tam, kde ho žiadny nepriateľský jazdec nestráži.
course-jesonmor-first-win-hint-2 = Z g1 na f3, potom z f3 na e5 a potom odíďte.
course-jesonmor-first-win-done = Vyhrali ste partiu Jeson Mor. Teraz to skúste proti Nováčikovi.

## Siang-čchi

course-xiangqi-lesson-pieces = Figúry
course-xiangqi-lesson-cannon-soldier = Delo a vojak
course-xiangqi-lesson-generals = Generáli

course-xiangqi-chariot-title = Voz
course-xiangqi-chariot-goal = Navštívte vozom oba označené body.
course-xiangqi-chariot-hint-1 = Voz ide o ľubovoľný počet bodov po stĺpci alebo rade, ak mu nič nestojí v ceste.
course-xiangqi-chariot-done = Voz je najsilnejšia figúra na doske.

course-xiangqi-horse-title = Kôň
course-xiangqi-horse-goal = Navštívte koňom oba označené body.
course-xiangqi-horse-hint-1 = Kôň ide o jeden bod rovno a potom o jeden bod šikmo von.
course-xiangqi-horse-done = Ako šachový jazdec, ale neskáče, ako ukáže ďalšie cvičenie.

course-xiangqi-horse-leg-title = Spútaný kôň
course-xiangqi-horse-leg-goal = Dostaňte koňa na označený bod.
course-xiangqi-horse-leg-hint-1 = Figúra na bode vedľa koňa v smere, kam chce ísť, mu ten ťah zablokuje: má spútanú nohu.
course-xiangqi-horse-leg-hint-2 = Obíďte to, alebo najprv uhnite vojakom z cesty.
course-xiangqi-horse-leg-done = Vždy sa pozrite na koňovu nohu: rozhoduje, kam môže kôň ísť.

course-xiangqi-elephant-title = Slon
course-xiangqi-elephant-goal = Navštívte slonom oba označené body.
course-xiangqi-elephant-hint-1 = Slon ide presne o dva body šikmo. Rieku nikdy neprekročí.
course-xiangqi-elephant-done = Slon stráži svoju polovicu dosky.

course-xiangqi-elephant-eye-title = Slonie oko
course-xiangqi-elephant-eye-goal = Dostaňte slona na označený bod.
course-xiangqi-elephant-eye-hint-1 = Figúra na bode, cez ktorý slon prechádza, ho zablokuje (stojí mu na oku). Najprv ju odsuňte.
course-xiangqi-elephant-eye-done = Slona blokuje bod, cez ktorý ide, tak ako koňa.

course-xiangqi-river-title = Nikdy cez rieku
course-xiangqi-river-goal = Vezmite koňa na e7.
course-xiangqi-river-hint-1 = Váš slon by sa na e7 dostal jedným ťahom, ale slon nikdy neprekročí rieku.
course-xiangqi-river-hint-2 = Vojak rieku prekročiť môže: o bod dopredu cez rieku a potom ešte o jeden.
course-xiangqi-river-done = Slony zostávajú doma a bránia, vojaci prekračujú rieku a útočia.

course-xiangqi-advisor-title = Radca
course-xiangqi-advisor-goal = Navštívte radcom oba označené body.
course-xiangqi-advisor-hint-1 = Radca ide o jeden bod šikmo a nikdy neopustí palác.
course-xiangqi-advisor-done = Radcovia zostávajú pri generálovi.

course-xiangqi-general-title = Generál
course-xiangqi-general-goal = Prejdite generálom na oba označené body.
course-xiangqi-general-hint-1 = Generál ide o jeden bod po priamke a nikdy neopustí palác, štvorec deviatich bodov s uhlopriečkami.
course-xiangqi-general-done = Generál žije v paláci. Kto ho stratí, prehrá.

course-xiangqi-cannon-title = Delo
course-xiangqi-cannon-goal = Navštívte delom oba označené body.
course-xiangqi-cannon-hint-1 = Keď neberie, ide delo ako voz.
course-xiangqi-cannon-done = Berie po svojom, ako uvidíte vzápätí.

course-xiangqi-cannon-screen-title = Zástena
course-xiangqi-cannon-screen-goal = Vezmite delom koňa.
course-xiangqi-cannon-screen-hint-1 = Delo berie tak, že preskočí presne jednu figúru ktorejkoľvek strany: zástenu.
course-xiangqi-cannon-screen-done = Cez jednu zástenu berie delo aj zďaleka.

course-xiangqi-make-a-screen-title = Postavte zástenu
course-xiangqi-make-a-screen-goal = Vezmite delom voz.
course-xiangqi-make-a-screen-hint-1 = Keď medzi nimi nič nestojí, delo brať nemôže.
course-xiangqi-make-a-screen-hint-2 = Postavte koňa medzi delo a voz a potom berte.
course-xiangqi-make-a-screen-done = Najlepšie zásteny sú vaše vlastné figúry.

course-xiangqi-soldier-title = Vojak
course-xiangqi-soldier-goal = Dostaňte vojaka na oba označené body.
course-xiangqi-soldier-hint-1 = Vojak ide o jeden bod dopredu. Za riekou smie ísť aj o jeden bod nabok.
course-xiangqi-soldier-done = Nikdy necúva, preto ho posúvajte opatrne.

course-xiangqi-flying-general-title = Generáli sa nikdy nepozerajú do očí
course-xiangqi-flying-general-goal = Dostaňte koňa na označený bod. Nepovolený ťah cvičenie pokazí.
course-xiangqi-flying-general-hint-1 = Dvaja generáli nesmú stáť na jednom stĺpci bez ničoho medzi nimi.
course-xiangqi-flying-general-hint-2 = Kôň je jediná figúra medzi generálmi. Najprv uhnite generálom nabok.
course-xiangqi-flying-general-done = Figúra medzi generálmi je pripútaná k svojmu stĺpcu.

course-xiangqi-check-title = Šach
course-xiangqi-check-goal = Napadnite nepriateľského generála: dajte šach.
course-xiangqi-check-hint-1 = Voz útočí po svojom stĺpci aj rade.
course-xiangqi-check-done = Generála v šachu treba hneď zachrániť.

course-xiangqi-mate-title = Mat
course-xiangqi-mate-goal = Dajte mat jedným ťahom.
course-xiangqi-mate-hint-1 = Jeden voz už generálovi zatvára rad na útek; druhý dá šach po jeho rade.
course-xiangqi-mate-done = Mat: generál pred šachom neunikne a vyhrali ste.

course-xiangqi-palace-title = Múry paláca
course-xiangqi-palace-goal = Dajte mat jedným ťahom.
course-xiangqi-palace-hint-1 = Generál nikdy neopustí svoj palác: c8 a d7 ležia mimo neho, takže tam vstúpiť nemôže.
course-xiangqi-palace-hint-2 = Váš kôň už stráži d9. Dajte generálovi šach po jeho rade.
course-xiangqi-palace-done = Palác generála chráni, ale zároveň ho aj väzní.

course-xiangqi-no-moves-title = Bez ťahu sa prehráva
course-xiangqi-no-moves-goal = Vyhrajte tým, že súperovi nenecháte žiadny legálny ťah.
course-xiangqi-no-moves-hint-1 = V siang-čchi prehráva strana, ktorá nemá žiadny legálny ťah, aj keď nie je v šachu.
course-xiangqi-no-moves-hint-2 = Zatvorte generálovi jediný voľný bod; váš generál ho drží mimo stĺpca e.
course-xiangqi-no-moves-done = Pat tu nie je remíza: kto nemá ťah, prehral.

## Priateľský šach

course-friendly-lesson-pieces = Figúry
course-friendly-lesson-bonds = Spojenia
course-friendly-lesson-chains = Reťaze
course-friendly-lesson-the-king = Kráľ

course-friendly-rook-title = Veža
course-friendly-rook-goal = Navštívte vežou obe označené polia.
course-friendly-rook-hint-1 = Figúry ťahajú ako v šachu: veža po stĺpcoch a radoch.
course-friendly-rook-done = Každá figúra ťahá ako v šachu. Mení sa to, čo sa stane, keď sa stretnú.

course-friendly-bishop-title = Strelec
course-friendly-bishop-goal = Navštívte strelcom obe označené polia.
course-friendly-bishop-hint-1 = Strelec ťahá šikmo.
course-friendly-bishop-done = Strelec ťahá len po uhlopriečkach, a preto zostáva celú partiu na poliach jednej farby.

course-friendly-knight-title = Jazdec
course-friendly-knight-goal = Navštívte jazdcom obe označené polia.
course-friendly-knight-hint-1 = Jazdec skáče o dve polia jedným smerom a o jedno nabok.
course-friendly-knight-done = Každý skok jazdca má tvar L: dve polia jedným smerom a jedno nabok, ponad všetko, čo stojí medzi.

course-friendly-queen-title = Dáma
course-friendly-queen-goal = Navštívte dámou obe označené polia.
course-friendly-queen-hint-1 = Dáma ťahá ako veža alebo ako strelec.
course-friendly-queen-done = Dáma ťahá po stĺpcoch, radoch aj uhlopriečkach: spája v sebe vežu a strelca.

course-friendly-pawn-title = Pešiak
course-friendly-pawn-goal = Dostaňte pešiaka na obe označené polia.
course-friendly-pawn-hint-1 = Zo svojho prvého poľa smie pešiak ísť o dve polia dopredu, potom o jedno.
course-friendly-pawn-done = Pešiaci idú rovno dopredu. Šikmo iba na nepriateľskú figúru.

course-friendly-bond-title = Spojenie
course-friendly-bond-goal = Stúpte na nepriateľského pešiaka a vytvorte spojenie.
course-friendly-bond-hint-1 = Nič sa neberie: figúra, ktorá dopadne na nepriateľskú, s ňou stojí ako spojenie.
course-friendly-bond-done = Spojenie: dve figúry oboch farieb na jednom poli, odteraz priatelia.

course-friendly-pawn-bond-title = Pešiakovo spojenie
course-friendly-pawn-bond-goal = Vytvorte spojenie pešiakom.
course-friendly-pawn-bond-hint-1 = Pešiak sa spája tak, ako by v šachu bral: o jedno pole šikmo dopredu.
course-friendly-pawn-bond-done = Pešiak sa spája len šikmo dopredu, tam, kde by v šachu bral.

course-friendly-move-a-bond-title = Presuňte spojenie
course-friendly-move-a-bond-goal = Presuňte svojho jazdca v spojení na označené pole.
course-friendly-move-a-bond-hint-1 = Keď ťaháte svojou figúrou v spojení, tá vezme partnera so sebou na voľné pole.
course-friendly-move-a-bond-done = Spojenie smie presunúť každý hráč svojou figúrou v ňom.

course-friendly-king-never-bonds-title = Kráľ sa nikdy nespája
course-friendly-king-never-bonds-goal = Prejdite kráľom na označené pole. Nepovolený ťah cvičenie pokazí.
course-friendly-king-never-bonds-hint-1 = Kráľ ide iba na voľné polia: na jazdca stúpiť nesmie.
course-friendly-king-never-bonds-done = Králi zostávajú sami celú partiu.

course-friendly-chain-title = Reťaz
course-friendly-chain-goal = Vstúpte dámou do spojenia na d4 a potom potiahnite figúrou, ktorú uvoľní.
course-friendly-chain-hint-1 = Figúra, ktorá stúpi na spojenie, zaujme miesto figúry svojej farby.
course-friendly-chain-hint-2 = Uvoľnený pešiak musí ísť ďalej v tom istom ťahu: vstúpte na d4, potom potiahnite pešiakom.
course-friendly-chain-done = To je reťaz: jeden ťah, dve pohnuté figúry.

course-friendly-longer-chain-title = Dlhšia reťaz
course-friendly-longer-chain-goal = Zahrajte jedným ťahom reťaz s dvoma uvoľneniami.
course-friendly-longer-chain-hint-1 = Pešiak uvoľnený na d4 môže šikmo vstúpiť do spojenia na e5.
course-friendly-longer-chain-hint-2 = Dáma na d4, pešiak na e5 a potom uvoľnená veža ďalej.
course-friendly-longer-chain-done = Reťaze môžu prebehnúť celou šachovnicou.

course-friendly-bond-the-king-title = Spojte sa s kráľom
course-friendly-bond-the-king-goal = Vyhrajte: spojte figúru s nepriateľským kráľom.
course-friendly-bond-the-king-hint-1 = Vyhráte, keď niektorá vaša figúra dopadne na nepriateľského kráľa.
course-friendly-bond-the-king-done = Vyhrali ste. Spojenie s kráľom je jediná cesta k výhre.

course-friendly-chain-to-the-king-title = Na konci reťaze
course-friendly-chain-to-the-king-goal = Vyhrajte tým, že sa ku kráľovi dostanete na konci reťaze.
course-friendly-chain-to-the-king-hint-1 = Žiadna vaša figúra na kráľa priamo nedosiahne. Pozrite sa na spojenie na d4.
course-friendly-chain-to-the-king-hint-2 = Dáma vstúpi na d4 a uvoľní vášho strelca, ktorý prebehne po uhlopriečke na h8.
course-friendly-chain-to-the-king-done = Spojenie je skrytá hrozba: reťaz cez neho môže dosiahnuť kráľa.

course-friendly-sako-title = Ŝako
course-friendly-sako-goal = Váš kráľ je ohrozený (Ŝako): veža by sa s ním mohla spojiť. Zachráňte ho.
course-friendly-sako-hint-1 = Hrozba nič nezakazuje: kráľ, ktorého necháte ohrozeného, je ďalším ťahom stratený.
course-friendly-sako-hint-2 = Uhnite kráľom z prvého radu.
course-friendly-sako-done = Ŝako znamená, že váš kráľ je ohrozený. Odpovedzte naň hneď.

course-friendly-castle-with-a-bond-title = Rošáda so spojením
course-friendly-castle-with-a-bond-goal = Urobte malú rošádu. Vaša veža je v spojení.
course-friendly-castle-with-a-bond-hint-1 = Urobte rošádu ako v šachu: kráľ ide o dve polia smerom k veži.
course-friendly-castle-with-a-bond-done = Veža vezme partnera so sebou na f1.

## Ťie-čchi

course-jieqi-lesson-face-down = Zakryté figúry
course-jieqi-lesson-face-up = Odkryté figúry
course-jieqi-lesson-capture = Branie zakrytej figúry
course-jieqi-lesson-win = Výhra

course-jieqi-hidden-chariot-title = Na bode voza
course-jieqi-hidden-chariot-goal = Presuňte zakrytú figúru z a1 na označený bod.
course-jieqi-hidden-chariot-hint-1 = Zakrytá figúra ťahá ako figúra, na ktorej začiatočnom bode stojí: na a1 ako voz.
course-jieqi-hidden-chariot-done = Ťahom sa odkryla. Nikto nevedel, čo je, ani vy.

course-jieqi-hidden-horse-title = Na bode koňa
course-jieqi-hidden-horse-goal = Presuňte zakrytú figúru z b1 na označený bod.
course-jieqi-hidden-horse-hint-1 = Na b1 ťahá zakrytá figúra ako kôň.
course-jieqi-hidden-horse-done = Odteraz ťahá ako to, čím sa ukázala.

course-jieqi-hidden-elephant-title = Na bode slona
course-jieqi-hidden-elephant-goal = Presuňte zakrytú figúru z c1 na označený bod.
course-jieqi-hidden-elephant-hint-1 = Na c1 ťahá zakrytá figúra ako slon, o dva body šikmo.
course-jieqi-hidden-elephant-done = Na bode slona ťahala ako slon, nech sa ukázala čímkoľvek.

course-jieqi-hidden-advisor-title = Na bode radcu
course-jieqi-hidden-advisor-goal = Presuňte zakrytú figúru z d1 na označený bod.
course-jieqi-hidden-advisor-hint-1 = Na d1 ťahá zakrytá figúra ako radca, o jeden bod šikmo v paláci.
course-jieqi-hidden-advisor-done = Aj zakrytá figúra na bode radcu zostáva pri svojom prvom ťahu v paláci.

course-jieqi-hidden-cannon-title = Na bode dela
course-jieqi-hidden-cannon-goal = Presuňte zakrytú figúru z b3 na označený bod.
course-jieqi-hidden-cannon-hint-1 = Na b3 ťahá zakrytá figúra ako delo.
course-jieqi-hidden-cannon-done = Na bode dela zakrytá figúra ťahá ako delo a rovnako aj berie: cez zástenu.

course-jieqi-hidden-soldier-title = Na bode vojaka
course-jieqi-hidden-soldier-goal = Presuňte zakrytú figúru z e4 na označený bod.
course-jieqi-hidden-soldier-hint-1 = Na bode vojaka ide zakrytá figúra o jeden bod dopredu.
course-jieqi-hidden-soldier-done = Z bodu vojaka ide zakrytá figúra len o bod dopredu, nikdy nie nabok.

course-jieqi-reveal-title = Odkryte jednu
course-jieqi-reveal-goal = Odkryte figúru: potiahnite ktoroukoľvek svojou zakrytou figúrou.
course-jieqi-reveal-hint-1 = Každý ťah zakrytej figúry ju odkryje.
course-jieqi-reveal-done = Čo ťah odkryje, je šťastie. Hrať s týmto šťastím je celá hra.

course-jieqi-what-it-really-is-title = Čo je naozaj
course-jieqi-what-it-really-is-goal = Potiahnite zakrytou figúrou, aby sa odkryla, a potom potiahnite tou istou figúrou ešte raz.
course-jieqi-what-it-really-is-hint-1 = Nikto nevie, čo je zakrytá figúra, ani vy. Jej prvý ťah je ťahom figúry jej bodu: na a1 a i1 ťahom voza.
course-jieqi-what-it-really-is-hint-2 = Keď je odkrytá, pozrite sa, čím sa ukázala: odvtedy ťahá už len ako táto figúra.
course-jieqi-what-it-really-is-done = Na odkrytú figúru sa vždy pozrite znova.

course-jieqi-free-advisor-title = Voľný radca
course-jieqi-free-advisor-goal = Dostaňte radcu na označený bod.
course-jieqi-free-advisor-hint-1 = Odkrytý radca smie opustiť palác: o jeden bod šikmo kdekoľvek.
course-jieqi-free-advisor-done = V ťie-čchi chodia odkrytí radcovia a slony kamkoľvek.

course-jieqi-free-elephant-title = Voľný slon
course-jieqi-free-elephant-goal = Preveďte slona cez rieku na označený bod.
course-jieqi-free-elephant-hint-1 = Odkrytý slon smie prekročiť rieku. Figúra na jeho oku ho stále blokuje.
course-jieqi-free-elephant-done = Odkrytý slon voľne prekračuje rieku; zastaví ho už len figúra na jeho oku.

course-jieqi-take-hidden-title = Vezmite zakrytú figúru
course-jieqi-take-hidden-goal = Vezmite zakrytú figúru na a10.
course-jieqi-take-hidden-hint-1 = Váš voz ide po stĺpci.
course-jieqi-take-hidden-done = Vidíte, čo ste vzali. Súper sa to nedozvie nikdy.

course-jieqi-take-two-hidden-title = Dve tajomstvá
course-jieqi-take-two-hidden-goal = Vezmite obe zakryté figúry.
course-jieqi-take-two-hidden-hint-1 = Najprv vezmite tú na svojom stĺpci, potom prebehnite po rade.
course-jieqi-take-two-hidden-done = Čo ste vzali, vám povie, čo sa ešte môže skrývať na súperovej strane.

course-jieqi-check-title = Šach
course-jieqi-check-goal = Dajte šach.
course-jieqi-check-hint-1 = Voz útočí po svojom rade.
course-jieqi-check-done = Šach a mat platia ako v siang-čchi.

course-jieqi-mate-title = Mat
course-jieqi-mate-goal = Dajte mat jedným ťahom.
course-jieqi-mate-hint-1 = Jeden voz zatvára generálovi rad; druhý dá šach po jeho rade.
course-jieqi-mate-done = Vyhrali ste: mat končí partiu ťie-čchi rovnako ako v siang-čchi.

course-jieqi-no-moves-title = Bez ťahu sa prehráva
course-jieqi-no-moves-goal = Vyhrajte tým, že súperovi nenecháte žiadny legálny ťah.
course-jieqi-no-moves-hint-1 = Ako v siang-čchi prehráva strana, ktorá nemá žiadny legálny ťah.
course-jieqi-no-moves-hint-2 = Zatvorte generálovi jediný voľný bod; váš generál ho drží mimo stĺpca e.
course-jieqi-no-moves-done = Aj tu prehráva, kto nemá legálny ťah. Poznáte pravidlá ťie-čchi: skúste partiu proti Nováčikovi.

## Stránky hier

page-jesonmor-summary = Mongolských deväť koní: obsaďte stred a udržte ho jeden ťah.
page-jesonmor-rules = Ako sa hrá Jeson Mor
page-jesonmor-board-title = Doska a jazdci
page-jesonmor-board = Jeson Mor, „deväť koní“, je mongolská hra jazdcov na doske 9 × 9. Deväť stĺpcov, a až i, a deväť radov. Každá strana má deväť jazdcov na svojom prvom rade, červený na 1. a zelený na 9., rozoznáte ich podľa farby podstavca; začína červený. Jazdec skáče ako v šachu: o dve polia jedným smerom a o jedno nabok, ponad všetko, čo stojí medzi. Súperovho jazdca berie tak, že skočí na jeho pole.
page-jesonmor-centre-title = Stred
page-jesonmor-centre = Pole v strede, e5, je vyznačené. Jazdca na e5 ešte môže súper vziať. Ak tam stojí aj vtedy, keď ste opäť na ťahu, ťah ním preč z e5 vyhráva partiu. Jazdec, ktorý berie na e5, drží pole pre svoju stranu a tiež musí prečkať súperovu odpoveď.
page-jesonmor-ends-title = Výhra a remízy
page-jesonmor-ends = Vyhráva aj ten, kto vezme súperovi posledného jazdca, a ten, po ktorého ťahu súper nemá žiadny ťah. Trojnásobné opakovanie pozície a päťdesiat ťahov každej strany bez brania sú remíza.
page-jesonmor-rule-origin-title = Odkiaľ pravidlo pochádza
page-jesonmor-rule-origin = Jediný starší opis, opis Assie Popovovej z roku 1974 podľa Namžildorža, hovorí len to, že každý hráč sa snaží dosiahnuť stred. Doslova vzaté by prvý hráč došiel na e5 na druhom ťahu, skôr ako by mu druhý mohol zabrániť. David Pritchard predpokladal, že pole treba jeden ťah udržať; tu sa hrá podľa znenia Wikipedie, opustenie e5 po súperovej odpovedi. Fairy-Stockfish končí partiu o ťah skôr, hneď ako odpoveď jazdca nevzala.
page-jesonmor-story = Príbeh · Mongolsko · mongolská hra, zapísaná v roku 1966
page-jesonmor-when-title = Kedy a kde
page-jesonmor-when = Jeson Mor, „deväť koní“, je mongolská hra. Poznáme ju z kníh mongolského bádateľa Namžildorža o hrách Mongolska (Ulanbátar, 1963 a 1966), ktoré v roku 1974 rozobrala etnografka Assia Popovová. Zaradila ju medzi závodné hry: každá strana má deväť figúrok koní na doske 9 × 9 polí, kone skáču ako šachoví jazdci a každý hráč sa snaží ako prvý dosiahnuť stredové pole.
page-jesonmor-changed-title = Ako sa hra menila
page-jesonmor-changed = Popovová uvádza len cieľ hry. Opisuje ju vedľa hry aralzaa, v ktorej tri kone na každej strane pretekajú po doske 3 × 3 na súperovo východiskové miesto a neberú sa; v Jeson Mor môžu kone aj brať, no branie je podľa nej druhoradé oproti závodu. Doslova vzaté by dosiahnutie stredu vyhralo už na druhom ťahu prvého hráča, preto David Pritchard (1994) predpokladal, že jazdec musí stred jeden ťah udržať. Wikipedia a program Fairy-Stockfish z toho urobili pravidlo: jazdec musí na e5 prečkať súperovu odpoveď a vyhrá, keď pole opustí.
page-jesonmor-today-title = Dnes
page-jesonmor-today = Hrajú ju programy ako Fairy-Stockfish a herný systém Ludii a online ju ponúka PyChess.
page-jesonmor-did-you-know = Vedeli ste?
page-jesonmor-fact-title = Kone zo šachu
page-jesonmor-fact = Popovová píše, že kone v hre aralzaa sú vyrezané z dreva ako šachové figúry, a Jeson Mor používa tie isté figúrky. David Pritchard ju vo svojej encyklopédii zaradil medzi hry s „pevným cieľom na neutrálnom území“.
page-jesonmor-piece-names = Pôvodné mená figúr
page-jesonmor-names-title = Deväť koní
page-jesonmor-names = Meno Jeson Mor je mongolské есөн морь, „deväť koní“. Jedinou figúrou je kôň, морь, tá istá figúra, ktorá je jazdcom v šatare, mongolskom šachu, a v hre sa používajú vyrezávané kone zo šataru.
page-jesonmor-sources = Zdroje
page-jesonmor-books-title = Literatúra
page-jesonmor-books = A. Popova, Études mongoles 5 (1974) · D. B. Pritchard, The Classified Encyclopedia of Chess Variants (2007) · Wikipedia
page-jesonmor-common-title = Všeobecne známe
page-jesonmor-common = Mongolský zápis mien a to, že kôň je aj jazdcom šataru, sú všeobecne známe; uvádzame ich bez jedného konkrétneho prameňa.

page-xiangqi-summary = Čínsky šach: rieka, paláce a delo, ktoré berie skokom.
page-xiangqi-rules = Ako sa hrá siang-čchi
page-xiangqi-aim-title = Cieľ
page-xiangqi-aim = Siang-čchi je čínsky šach, najobľúbenejšia stolová hra v Číne, ktorú vo Vietname hrajú ako cờ tướng. Figúry stoja na priesečníkoch čiar, nie na poliach. Cieľom je dať súperovmu generálovi mat: napadnúť ho tak, aby ho nezachránil žiadny ťah. Napadnutý generál je v šachu a žiadny ťah nesmie nechať vlastného generála napadnutého.
page-xiangqi-board-title = Doska
page-xiangqi-board = Doska má deväť stĺpcov a desať radov bodov. Rieka cez stred delí dosku na dve polovice a každá strana má palác z deviatich bodov s dvoma uhlopriečkami. Prvý ťahá Červený.
page-xiangqi-pieces-title = Figúry
page-xiangqi-pieces = Voz ide o ľubovoľný počet bodov po čiare, dopredu, dozadu aj do strany, no cez iné figúry neprejde. Kôň ide o jeden bod rovno a potom o jeden šikmo von; figúra na tom prvom bode ho zablokuje. Slon ide presne o dva body šikmo, neprejde cez figúru na bode medzi nimi a nikdy neprekročí rieku. Figúra berie tak, že vstúpi na bod so súperovou figúrou.
page-xiangqi-cannon-title = Delo
page-xiangqi-cannon = Delo ťahá ako voz, ale berie len skokom cez presne jednu figúru, svoju alebo súperovu, na súperovu figúru za ňou.
page-xiangqi-palace-title = Generáli a palác
page-xiangqi-palace = Generál ide o jeden bod po čiare, radcovia o jeden bod šikmo a ani jeden neopustí palác. Generáli nesmú nikdy stáť proti sebe na stĺpci, na ktorom medzi nimi nič nie je.
page-xiangqi-soldiers-title = Vojaci
page-xiangqi-soldiers = Vojak ide o jeden bod dopredu. Keď prekročí rieku, môže ísť aj o jeden bod do strany. Nikdy necúva a nepremieňa sa.
page-xiangqi-ends-title = Výhra a remízy
page-xiangqi-ends = Vyhráva mat a prehráva aj strana, ktorá nemá žiadny legálny ťah, hoci nie je v šachu. Päťdesiat ťahov bez brania je remíza, rovnako ako pozícia, v ktorej ani jednej strane nezostala figúra, ktorá môže útočiť.
page-xiangqi-repetition-title = Opakovanie
page-xiangqi-repetition = Keď sa pozícia zopakuje tretíkrát, prehráva strana, ktorá dávala šach každým ťahom opakovania. Inak prehráva strana, ktorá stále prenasledovala figúru: nekrytú, alebo silnejšiu, napríklad voz napadnutý koňom. Ak to nerobila ani jedna strana, alebo obe, je to remíza. Sú to pravidlá Ázijskej federácie siang-čchi tak, ako ich hrajú Fairy-Stockfish a pychess.
page-xiangqi-handicaps-title = Handicapy
page-xiangqi-handicaps = V Číne môže silnejší hráč dať koňa, oboch koní, delo alebo voz (让子), ako sa dohodnú pred partiou; tu dávajúci hrá za Červeného, prichádza o figúru na svojej ľavej strane a ťahá prvý. Ľudové pravidlá často chránia aj niektoré jeho figúry (napríklad nepohnutého stredného vojaka po odovzdaní koňa); táto hra ich vynecháva. Môže ich dať bot alebo vy („Handicap“ v nastavení).
page-xiangqi-story = Príbeh · Čína · najstarší opis pravidiel pochádza z dynastie Tchang
page-xiangqi-when-title = Kedy a kde
page-xiangqi-when = Siang-čchi (象棋, xiàngqí) je čínsky šach. Väčšina historikov odvodzuje siang-čchi rovnako ako šach od indickej čaturangy, niektorí v ňom vidia čínsky pôvod. Najstarší opis pravidiel pochádza z dynastie Tchang (618 – 907).
page-xiangqi-changed-title = Ako sa hra menila
page-xiangqi-changed = Zo siang-čchi vyrástol kórejský džanggi. V 80. rokoch z neho v Hongkongu a Kuang-tungu vzišlo aj ťie-čchi, siang-čchi s figúrami lícom nadol. Podrobnosti pravidiel, napríklad kto prehrá, keď jedna strana donekonečna šachuje alebo prenasleduje, dnes určuje Ázijská federácia siang-čchi; táto hra sa riadi jej pravidlami tak, ako ich hrajú Fairy-Stockfish a pychess.
page-xiangqi-today-title = Dnes
page-xiangqi-today = Siang-čchi je najobľúbenejšia stolová hra v Číne a vo Vietname ju hrajú ako cờ tướng. Hrá sa vo veľkých aplikáciách siang-čchi, v programoch ako Fairy-Stockfish a online na pychess.
page-xiangqi-did-you-know = Vedeli ste?
page-xiangqi-river-title = Rieka pomenovaná podľa vojny
page-xiangqi-river = Rieka cez stred dosky sa volá „rieka Čchu, hranica Chan“ (楚河 漢界, Chǔ hé Hàn jiè) podľa vojny medzi Čchu a Chan (206 – 202 pred n. l.) a tieto slová často stoja napísané priamo na doske.
page-xiangqi-no-draw-title = Ani pat, ani večný šach
page-xiangqi-no-draw = Na rozdiel od šachu prehráva aj strana, ktorá nemá žiadny legálny ťah, hoci nie je v šachu, a remízu nezachráni ani večný šach: keď sa pozícia zopakuje tretíkrát, prehráva strana, ktorá dávala šach každým ťahom.
page-xiangqi-piece-names = Pôvodné mená figúr
page-xiangqi-names-title = Znaky na figúrach
page-xiangqi-names = Každá figúra je kotúčik, na ktorom je po čínsky napísané jej meno; kde ho strany píšu inak, prvý je znak Červeného: generál 帥 shuài a 將 jiàng, radca 仕 a 士 shì, slon 相 a 象 xiàng, kôň 馬 mǎ, voz 車 jū, delo 炮 a 砲 pào, vojak 兵 bīng a 卒 zú.
page-xiangqi-sources = Zdroje
page-xiangqi-books-title = Pravidlá
page-xiangqi-books = Pravidlá Ázijskej federácie siang-čchi, ako ich hrajú Fairy-Stockfish a pychess.
page-xiangqi-common-title = Všeobecne známe
page-xiangqi-common = Znaky figúr a ich pinyin, meno rieky v znakoch, roky dynastie Tchang a porovnania so šachom sú všeobecne známe a uvádzame ich bez jedného konkrétneho prameňa. Príbeh ťie-čchi pochádza z prameňov na jeho stránke.

page-jieqi-summary = Siang-čchi s figúrami lícom nadol: každú odkryje jej prvý ťah.
page-jieqi-rules = Ako sa hrá ťie-čchi
page-jieqi-aim-title = Cieľ
page-jieqi-aim = Ťie-čchi je siang-čchi s figúrami lícom nadol. Pätnásť figúr každej strany okrem generála sa zamieša a položí lícom nadol na jej začiatočné body; zakrytá figúra ťahá ako figúra bodu, na ktorom stojí, a týmto ťahom sa odkryje. Cieľom je dať súperovmu generálovi mat.
page-jieqi-start-title = Začiatok
page-jieqi-start = Doska je zo siang-čchi. Každý generál stojí lícom nahor na svojom bode; ostatných pätnásť figúr každej strany sa zamieša a položí lícom nadol na začiatočné body tej strany: dva vozy, dvaja kone, dvaja slony, dvaja radcovia, dve delá a päť vojakov v ľubovoľnom poradí. Prvý ťahá Červený.
page-jieqi-face-down-title = Zakryté figúry
page-jieqi-face-down = Zakrytá figúra ťahá ako figúra bodu, na ktorom stojí: na bode voza ako voz, na bode koňa ako kôň, na bode vojaka o krok dopredu a tak ďalej, a rovnako aj berie. Keď sa pohne, otočí sa lícom nahor a odvtedy je tým, čím naozaj je, nech stojí kdekoľvek.
page-jieqi-face-up-title = Odkryté figúry
page-jieqi-face-up = Odkryté figúry ťahajú ako v siang-čchi, s jediným rozdielom: radcov a slonov už nedrží palác ani rieka. Radca ide o jeden bod šikmo kdekoľvek; slon ide o dva body šikmo kdekoľvek, stále ho však zablokuje figúra na bode medzi nimi. Vojak ide dopredu a za riekou aj do strany.
page-jieqi-captured-title = Zobraté zakryté figúry
page-jieqi-captured = Kto zoberie zakrytú figúru, vidí, čo to bolo; jej majiteľ sa to nedozvie. Zobratú figúru, ktorá bola lícom nahor, vidia obaja.
page-jieqi-ends-title = Výhra a remízy
page-jieqi-ends = Vyhráva mat a prehráva aj strana, ktorá nemá žiadny legálny ťah. Päťdesiat ťahov bez brania je remíza; odkrytie figúry počítanie nezačína odznova.
page-jieqi-repetition-title = Opakovanie
page-jieqi-repetition = Ako v siang-čchi: keď sa pozícia zopakuje tretíkrát, prehráva strana, ktorá dávala šach každým ťahom, inak strana, ktorá stále prenasledovala figúru. Zakrytá figúra sa počíta ako figúra svojho bodu.
page-jieqi-other-rules-title = Iné výklady
page-jieqi-other-rules = Niektorí píšu, že zobratú zakrytú figúru nevidí nikto, ani ten, kto ju zobral. Pravidlá Tencentu zakazujú šachovať alebo prenasledovať tú istú figúru viac ako šesť ťahov po sebe a remízujú po 40 kolách bez brania; jeden vietnamský návod remízuje pri šiestom opakovaní. PyChess dovoľuje zakrytému radcovi vyjsť z paláca.
page-jieqi-story = Príbeh · Hongkong · v parkoch Hongkongu a Kuang-tungu od 80. rokov 20. storočia; turnaje od roku 2011
page-jieqi-when-title = Kedy a kde
page-jieqi-when = Ťie-čchi, „odkrývací šach“, je ľudová hra Hongkongu a Kuang-tungu. Podľa podania, ktoré opakuje väčšina prameňov, preniesol Lo Kam-sing so svojím bratom v 80. rokoch do siang-čchi figúry lícom nadol z jednej vojenskej hry a hra sa rozšírila po parkoch oboch miest. Okolo roku 2001 sa rozmohla v prímorských mestách, pod mnohými menami a s pravidlami, ktoré sa miesto od miesta líšili.
page-jieqi-changed-title = Ako sa hra menila
page-jieqi-changed = Doska a figúry sú zo siang-čchi, no figúry oboch strán okrem generála začínajú zamiešané lícom nadol; zakrytá figúra ťahá ako figúra svojho bodu a týmto ťahom sa odkryje. Odkrytí radcovia a slony smú opustiť palác a prekročiť rieku, takže hra je divokejšia než jej predok.
page-jieqi-today-title = Dnes
page-jieqi-today = Prvý oficiálny turnaj sa konal v Hongkongu v roku 2011, v roku 2014 pribudli písané súťažné pravidlá, ktoré konzultovali dvaja veľmajstri siang-čchi, a v roku 2016 ju prijala Čínska šachová asociácia. Hrá sa vo veľkých aplikáciách siang-čchi, vo Vietname ako cờ úp a na PyChess.
page-jieqi-did-you-know = Vedeli ste?
page-jieqi-fact-title = Strata, o ktorej neviete
page-jieqi-fact = Kto zoberie zakrytú figúru, vidí, čo to bolo; jej majiteľ sa to nedozvie nikdy, takže môže prísť o voz a ani o tom nevedieť.
page-jieqi-piece-names = Pôvodné mená figúr
page-jieqi-names-title = Tmavé a svetlé
page-jieqi-names = Figúry siang-čchi, lícom nadol, kým sa nepohnú: zakryté sa volajú „tmavé“ (暗子), odkryté „svetlé“ (明子).
page-jieqi-sources = Zdroje
page-jieqi-books-title = Pramene
page-jieqi-books = Wikipedia (中文), 揭棋 · 山东象棋网, 关于揭棋的发展历程 (2017) · Tencent 天天象棋, 揭棋玩法说明 (2016) · PyChess

page-friendly-summary = Nič sa neberie: figúry sa spájajú a spúšťajú reťazové reakcie.
page-friendly-rules = Ako sa hrá priateľský šach
page-friendly-aim-title = Šach bez brania
page-friendly-aim = Priateľský šach sa hrá na šachovnici s bežnými figúrami a ťahmi, ale nič sa nikdy neberie.
page-friendly-bonds-title = Spojenia
page-friendly-bonds = Figúra, ktorá vstúpi na súperovu figúru, ju neberie: obe stoja spolu na poli ako spojenie. Spojenie môže neskôr posunúť ktorýkoľvek hráč, vždy ako svoju figúru v ňom, a tá vezme partnera so sebou. Spojenie ťahá len na voľné polia.
page-friendly-chains-title = Reťaze
page-friendly-chains = Samostatná figúra môže vstúpiť aj na spojenie a zaujať miesto figúry svojej farby. Tá sa uvoľní a v tom istom ťahu ide ďalej: na voľné pole, na súperovu figúru (nové spojenie) alebo na ďalšie spojenie, ktoré uvoľní ďalšiu figúru. Takáto reťazová reakcia môže prejsť celou šachovnicou. Ťah skončí, keď figúra dopadne a neuvoľní žiadnu ďalšiu.
page-friendly-king-title = Kráľ
page-friendly-king = Kráľ sa nikdy nespája a nezúčastňuje sa reťazí: ťahá len na voľné polia. Rošáda funguje ako v šachu, pokiaľ kráľ nie je ohrozený a neprechádza ani nevstupuje na ohrozené pole; veža v spojení vezme partnera so sebou.
page-friendly-pawns-title = Pešiaci
page-friendly-pawns = Pešiak ide dopredu na voľné pole, zo svojich prvých dvoch radov aj o dve polia, a šikmo dopredu ide len na súperovu figúru. Pešiak v spojení ide len rovno dopredu. Brať mimochodom sa dá aj v spojeniach a uprostred reťaze. Pešiak, ktorý dosiahne posledný rad, sa premení, aj keď ho tam v spojení dovezie súper: vtedy vyberiete jeho novú figúru na začiatku svojho ťahu.
page-friendly-win-title = Víťazstvo
page-friendly-win = Vyhráte, keď spojíte niektorú svoju figúru so súperovým kráľom, priamo alebo na konci reťaze. Kráľ, na ktorého sa dá takto dostať, je ohrozený a ukáže to lišta hráča. Na rozdiel od šachu hrozba nezakazuje žiadny ťah: kto ju prehliadne, tomu súper jednoducho vyhrá.
page-friendly-draws-title = Remízy
page-friendly-draws = Remízou je trojnásobné opakovanie pozície, päťdesiat ťahov každého bez nového spojenia či premeny, všetky figúry okrem kráľov v spojeniach alebo žiadny platný ťah.
page-friendly-entering-title = Ako sa ťahá na tejto šachovnici
page-friendly-entering = Figúru zdvihnite a položte ťuknutím alebo potiahnutím. V reťazi sa uvoľnená figúra vznáša nad svojím spojením a lišta pod šachovnicou ukazuje, ktorá figúra ide ďalej; tam môžete ťah aj začať odznova. Ponúkajú sa len kroky, po ktorých sa dá ťah dokončiť.
page-friendly-story = Príbeh · Holandsko · Paco Ŝako Felixa Albersa, 2017
page-friendly-when-title = Kedy a kde
page-friendly-when = Priateľský šach inde poznajú ako Paco Ŝako. Vymyslel ho holandský výtvarník Felix Albers (2017): chcel svojho syna naučiť šach bez vojny, a tak sa figúry v jeho hre nebijú, ale objímajú.
page-friendly-changed-title = Ako sa hra menila
page-friendly-changed = Šachovnica, figúry a ich ťahy sú šachové, zmizlo len branie. Figúra, ktorá by brala, namiesto toho vytvorí spojenie, a figúra, ktorá vstúpi na spojenie, uvoľní inú a spustí reťaz. Cieľom už nie je dať kráľovi mat, ale spojiť sa s ním.
page-friendly-today-title = Dnes
page-friendly-today = Paco Ŝako sa predáva ako súprava, ktorej figúry sú tvarované tak, aby sa mohli objať, a online sa hrá na pacoplay.com, ktorého herný program má otvorený zdrojový kód.
page-friendly-did-you-know = Vedeli ste?
page-friendly-fact-title = Premena od súpera
page-friendly-fact = Vášho pešiaka môže premeniť aj súper: keď ho v spojení dovezie na posledný rad, pešiak sa premení a jeho novú figúru vyberiete na začiatku svojho ťahu.
page-friendly-piece-names = Pôvodné mená figúr
page-friendly-names-title = Mierový šach
page-friendly-names = Figúry sú šachové a volajú sa ako v šachu: kráľ, dáma, veža, strelec, jazdec a pešiak. Vlastné meno hry je v esperante: paco znamená mier a ŝako šach. V pravidlách jej autora sa spojenie volá „union“, teda zväzok.
page-friendly-sources = Zdroje
page-friendly-books-title = Pravidlá
page-friendly-books = Pravidlá Paco Ŝako a herný program s otvoreným zdrojovým kódom na pacoplay.com, ktorým sa táto hra väčšinou riadi tam, kde pravidlá niečo nechávajú otvorené.
page-friendly-common-title = Príbeh a mená
page-friendly-common = Príbeh, súpravy a význam mena: stránka hry pacosako.com. Mená šachových figúr sú všeobecne známe.

course-xiangqi-endless-checks-title = Nekonečné šachy prehrávajú
course-xiangqi-endless-checks-goal = Čierny vám dáva šach za šachom. Uhýbajte generálom medzi e2 a e1, kým sa pozícia nezopakuje tretíkrát.
course-xiangqi-endless-checks-hint-1 = V siang-čchi prehráva strana, ktorá dáva šach každým ťahom opakovania, keď sa pozícia zopakuje tretíkrát.
course-xiangqi-endless-checks-hint-2 = Na a2a1 odpovedzte e1e2 a na a1a2 e2e1, ako prichádzajú šachy voza.
course-xiangqi-endless-checks-done = Čierny šachoval donekonečna a prehral: v siang-čchi večný šach nie je remíza.

course-friendly-lesson-promotion = Premena
course-friendly-promote-title = Premena
course-friendly-promote-goal = Dostaňte pešiaka na posledný rad a vyberte mu novú figúru.
course-friendly-promote-hint-1 = Pešiak na poslednom rade sa zmení na dámu, vežu, strelca alebo jazdca, ako v šachu.
course-friendly-promote-done = Pešiak, ktorý dosiahne posledný rad, sa premení na figúru, ktorú mu vyberiete.
course-friendly-carried-to-promotion-title = Dovezený k premene
course-friendly-carried-to-promotion-goal = Čierny vám v spojení doviezol pešiaka na e8. Vyberte mu novú figúru a potom vyhrajte.
course-friendly-carried-to-promotion-hint-1 = Pešiak, ktorého vám súper dovezie na posledný rad, sa premení: jeho figúru vyberiete ako prvú časť svojho ťahu.
course-friendly-carried-to-promotion-hint-2 = Urobte z neho dámu a pošlite vežu do spojenia na e8: uvoľnená dáma prebehne po rade ku kráľovi.
course-friendly-carried-to-promotion-done = Súperovo spojenie posunulo vášho pešiaka a váš pešiak vyhral.

course-xiangqi-save-the-draw-title = Zachráňte remízu
course-xiangqi-save-the-draw-goal = Ste v šachu a nemáte už žiadnu útočnú figúru. Vezmite voz: keď nezostane nič, čo môže útočiť, partia je remíza.
course-xiangqi-save-the-draw-hint-1 = Na e2 môže brať váš radca alebo váš generál.
course-xiangqi-save-the-draw-done = Remíza: ani jednej strane nezostala figúra, ktorá by mohla dať mat.

course-jieqi-two-generals-title = Dvaja generáli
course-jieqi-two-generals-goal = Vezmite poslednú nepriateľskú figúru: keď zostanú len dvaja generáli, partia je remíza.
course-jieqi-two-generals-hint-1 = Váš generál môže vziať voz vedľa seba.
course-jieqi-two-generals-done = Dvaja osamotení generáli sú remíza.

course-friendly-all-bonded-title = Všetko spojené
course-friendly-all-bonded-goal = Spojte poslednú samostatnú figúru: keď sú všetky figúry okrem kráľov v spojeniach, partia je remíza.
course-friendly-all-bonded-hint-1 = Váš jazdec dosiahne na pešiaka.
course-friendly-all-bonded-done = Remíza: keď je všetko spojené, ku kráľovi sa nikto nedostane.
