package app.rodina.state

import app.rodina.core.Invitation
import app.rodina.core.InvitationListener
import app.rodina.core.InvitationWatch
import app.rodina.core.InviteOptions
import app.rodina.core.Language
import app.rodina.core.OnlineAccount
import app.rodina.core.OnlineLabel
import app.rodina.core.OnlinePlay
import app.rodina.core.RodinaException
import app.rodina.core.SideChoice
import app.rodina.core.TimeControl
import app.rodina.core.Variant
import app.rodina.core.gameName
import app.rodina.core.invitationCode
import app.rodina.core.onlineLabel
import app.rodina.core.sideChoiceName
import app.rodina.core.timeControlText
import app.rodina.core.timeControls
import app.rodina.core.variants
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.launch

/**
 * What the invite screen draws: the options (game, side, clock) with every choice, then the
 * invitation made (its code, its link and what to send a friend) and the wait for the friend.
 * Every text is in [language], from the core's catalog.
 */
data class InviteScreenState(
    val language: Language,
    /** "Invite a friend". */
    val title: String,
    val variant: Variant,
    val games: List<Choice<Variant>>,
    val side: SideChoice,
    /** Red, Black, Random (the game's own names for its sides). */
    val sides: List<Choice<SideChoice>>,
    /** The clock chosen; null: no clock. */
    val clock: TimeControl?,
    /** "No clock", "3+2", "5+3", ... from the core's offered clocks. */
    val clocks: List<Choice<TimeControl?>>,
    /** The invitation is being made. */
    val creating: Boolean,
    /** The invitation made, once it is: its code, link, summary and share text. */
    val invitation: Invitation?,
    /** Waiting for the friend to join (the core watches the invitation). */
    val waiting: Boolean,
    /** Why the invitation could not be made, or why the wait ended without a game. */
    val problem: String?,
    /** The server cannot be reached for now; the wait goes on. */
    val notice: String?,
)

/**
 * What the join screen draws: the code as typed, the invitation it names once looked up
 * ("ann invites you: Xiangqi · 5+3 · you play Black") and why it could not be joined.
 */
data class JoinScreenState(
    val language: Language,
    /** "Join a game". */
    val title: String,
    /** The code as the player typed it (or as a link gave it). */
    val code: String,
    /** The code holds an invitation code's form: the join button is enabled. */
    val canJoin: Boolean,
    /** The invitation the code names, once looked up. */
    val invitation: Invitation?,
    /** Looking the code up, or joining. */
    val busy: Boolean,
    /** Why the invitation could not be read or joined: the core's sentence (not found, expired, taken, offline). */
    val problem: String?,
)

/**
 * Online play's state holder for the account and invitations: making an invitation with its
 * options and waiting for the friend (through the core's [InvitationListener]), looking up
 * and joining a friend's invitation by its code or `rodina://join/CODE` link. When a game
 * comes of it (the friend joined, or this player joined), [onGame] opens it.
 *
 * Threads: [scope] runs on one thread (Android's main thread), and the controller's fields are
 * touched only there. The calls that reach the server are the core's suspending calls, whose
 * work runs on the core's own runtime; the invitation listener is called on the core's
 * threads and hops to [scope] before it touches anything.
 */
class OnlineController(
    /** Online play on the app's server with the account kept in the app's database. */
    val play: OnlinePlay,
    private var language: Language,
    private val scope: CoroutineScope,
    /** Opens game [String] (its id) on the game screen. */
    private val onGame: (String) -> Unit,
) {
    private var account: OnlineAccount? = null

    private var variant = Variant.XIANGQI
    private var side = SideChoice.RANDOM
    private var clock: TimeControl? = null
    private var creating = false
    private var invitation: Invitation? = null
    private var watch: InvitationWatch? = null
    private var inviteProblem: String? = null
    private var notice: String? = null
    private var createJob: Job? = null

    private var code = ""
    private var seen: Invitation? = null
    private var joinBusy = false
    private var joinProblem: String? = null
    private var joinJob: Job? = null

    init {
        play.setLanguage(language)
    }

    private val _invite = MutableStateFlow(renderInvite())
    private val _join = MutableStateFlow(renderJoin())
    private val _account = MutableStateFlow<OnlineAccount?>(null)

    /** What the invite screen draws. */
    val invite: StateFlow<InviteScreenState> = _invite.asStateFlow()

    /** What the join screen draws. */
    val join: StateFlow<JoinScreenState> = _join.asStateFlow()

    /** The account on this device, once read (made on first use, with no name: "Guest"). */
    val accountState: StateFlow<OnlineAccount?> = _account.asStateFlow()

    /** Reads the account (the stored one, or a new anonymous one made on the server now). */
    fun loadAccount(): Job = scope.launch {
        try {
            account = play.account()
            _account.value = account
        } catch (e: RodinaException) {
            // Said where it matters: making or joining an invitation makes the account too.
        }
    }

    /** Opens the invite form for [variant], forgetting an invitation made before. */
    fun startInvite(variant: Variant) {
        cancelInvite()
        this.variant = variant
        publishInvite()
    }

    /** Chooses the game of the invitation (before it is made). */
    fun chooseVariant(new: Variant) {
        if (invitation != null || creating) return
        variant = new
        publishInvite()
    }

    /** Chooses the inviting player's side (before the invitation is made). */
    fun chooseSide(new: SideChoice) {
        if (invitation != null || creating) return
        side = new
        publishInvite()
    }

    /** Chooses the clock, one of [InviteScreenState.clocks] (before the invitation is made). */
    fun chooseClock(new: TimeControl?) {
        if (invitation != null || creating) return
        clock = new
        publishInvite()
    }

    /**
     * Makes the invitation with the options chosen, then waits for the friend: when they join,
     * [onGame] opens the game. Returns the work, to wait for (tests).
     */
    fun createInvitation(): Job? {
        if (creating || invitation != null) return null
        creating = true
        inviteProblem = null
        notice = null
        publishInvite()
        val options = InviteOptions(variant, ruleSet = null, handicap = null, side = side, clock = clock)
        val job = scope.launch {
            val made = try {
                play.createInvitation(options)
            } catch (e: RodinaException) {
                creating = false
                inviteProblem = onlineErrorText(language, e)
                publishInvite()
                return@launch
            }
            creating = false
            invitation = made
            waitFor(made)
            publishInvite()
        }
        createJob = job
        return job
    }

    /** Watches [made] until the friend joins (the game opens) or the wait ends (its reason shows). */
    private fun waitFor(made: Invitation) {
        val listener = WaitListener()
        val started = try {
            play.watchInvitation(made.code, listener)
        } catch (e: RodinaException) {
            inviteProblem = onlineErrorText(language, e)
            return
        }
        listener.watch = started
        watch = started
    }

    /**
     * Hears the wait for one invitation, on the core's threads; each call hops to [scope] and
     * is dropped once its watch is no longer the one under way (cancelled, or the screen left).
     */
    private inner class WaitListener : InvitationListener {
        @Volatile var watch: InvitationWatch? = null

        private fun onMain(f: () -> Unit) {
            scope.launch { if (watch != null && watch === this@OnlineController.watch) f() }
        }

        override fun onAccepted(game: String) = onMain {
            stopWatch()
            publishInvite()
            onGame(game)
        }

        override fun onEnded(problem: String) = onMain {
            stopWatch()
            inviteProblem = problem
            publishInvite()
        }

        override fun onProblem(problem: String) = onMain {
            notice = problem
            publishInvite()
        }
    }

    private fun stopWatch() {
        val w = watch ?: return
        watch = null
        w.cancel()
        w.close()
    }

    /** Stops waiting for the friend and forgets the invitation (the invite screen left). */
    fun cancelInvite() {
        createJob?.cancel()
        createJob = null
        stopWatch()
        creating = false
        invitation = null
        inviteProblem = null
        notice = null
        publishInvite()
    }

    /** Clears the invite screen's problem (to try again). */
    fun dismissInviteProblem() {
        inviteProblem = null
        publishInvite()
    }

    /**
     * Opens the join form with [codeOrLink] (a code, or a `rodina://join/CODE` link) filled
     * in and looked up; null: an empty form.
     */
    fun startJoin(codeOrLink: String?) {
        joinJob?.cancel()
        joinBusy = false
        seen = null
        joinProblem = null
        code = codeOrLink?.let { invitationCode(it) ?: it } ?: ""
        publishJoin()
        if (codeOrLink != null) lookUp()
    }

    /** The code field changed. */
    fun setCode(text: String) {
        if (text == code) return
        code = text
        seen = null
        joinProblem = null
        publishJoin()
    }

    /** Looks the code up: who invites, to which game. Returns the work (tests). */
    fun lookUp(): Job? {
        val typed = code
        if (invitationCode(typed) == null) return null
        joinJob?.cancel()
        joinBusy = true
        joinProblem = null
        publishJoin()
        val job = scope.launch {
            try {
                seen = play.invitation(typed)
            } catch (e: RodinaException) {
                joinProblem = onlineErrorText(language, e)
            }
            joinBusy = false
            publishJoin()
        }
        joinJob = job
        return job
    }

    /** Joins the invitation of the code typed; the game opens through [onGame]. Returns the work (tests). */
    fun joinGame(): Job? {
        val typed = code
        if (invitationCode(typed) == null) return null
        joinJob?.cancel()
        joinBusy = true
        joinProblem = null
        publishJoin()
        val job = scope.launch {
            val joined = try {
                play.join(typed)
            } catch (e: RodinaException) {
                joinBusy = false
                joinProblem = onlineErrorText(language, e)
                publishJoin()
                return@launch
            }
            joinBusy = false
            publishJoin()
            onGame(joined.game)
        }
        joinJob = job
        return job
    }

    /** The texts' language changed (the invitation's texts keep the language they were made in). */
    fun setLanguage(new: Language) {
        language = new
        play.setLanguage(new)
        publishInvite()
        publishJoin()
    }

    /** The app is done with online play: the wait for a friend stops. */
    fun close() {
        createJob?.cancel()
        joinJob?.cancel()
        stopWatch()
    }

    private fun publishInvite() {
        _invite.value = renderInvite()
    }

    private fun publishJoin() {
        _join.value = renderJoin()
    }

    private fun renderInvite(): InviteScreenState = InviteScreenState(
        language = language,
        title = onlineLabel(language, OnlineLabel.INVITE_TITLE),
        variant = variant,
        games = variants().map { Choice(it, gameName(language, it)) },
        side = side,
        sides = listOf(SideChoice.FIRST, SideChoice.SECOND, SideChoice.RANDOM).map {
            Choice(it, sideChoiceName(language, variant, it))
        },
        clock = clock,
        clocks = (listOf<TimeControl?>(null) + timeControls()).map { Choice(it, timeControlText(language, it)) },
        creating = creating,
        invitation = invitation,
        waiting = watch != null,
        problem = inviteProblem,
        notice = notice,
    )

    private fun renderJoin(): JoinScreenState = JoinScreenState(
        language = language,
        title = onlineLabel(language, OnlineLabel.JOIN_TITLE),
        code = code,
        canJoin = invitationCode(code) != null && !joinBusy,
        invitation = seen,
        busy = joinBusy,
        problem = joinProblem,
    )
}
