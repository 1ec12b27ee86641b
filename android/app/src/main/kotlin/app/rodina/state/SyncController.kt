package app.rodina.state

import app.rodina.core.Language
import app.rodina.core.OnlineLabel
import app.rodina.core.OnlinePlay
import app.rodina.core.PairingCode
import app.rodina.core.RodinaException
import app.rodina.core.SyncReport
import app.rodina.core.SyncState
import app.rodina.core.SyncStatus
import app.rodina.core.onlineLabel
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.launch

/**
 * What the "progress on your devices" screen draws: how sync stands (with how many results
 * wait to be sent), the pairing code shown for another device, and the code typed to join
 * another device's account. Every text is in [language], from the core's catalog.
 */
data class SyncScreenState(
    val language: Language,
    /** "Progress on your devices". */
    val title: String,
    /** "Sync now". */
    val syncLabel: String,
    /** How sync stands, with the sentence to show ("2 results wait to be sent."). */
    val status: SyncStatus?,
    /** A sync is running. */
    val syncing: Boolean,
    /** "Show a pairing code". */
    val showCodeLabel: String,
    /** The code shown for another device, once asked for. */
    val pairing: PairingCode?,
    /** "Use a pairing code". */
    val enterCodeLabel: String,
    /** The code as typed. */
    val code: String,
    /** The code typed holds a pairing code's 8 characters: the button is enabled. */
    val canPair: Boolean,
    /** Asking for a code, or pairing. */
    val busy: Boolean,
    /** Why the last call failed: the core's sentence. */
    val problem: String?,
)

/**
 * Progress sync's state holder: the status the screens show, a sync when the player asks and
 * one soon after every change written on this device ([syncSoon]: the player never waits
 * for it), and pairing a second device by a short code.
 *
 * Threads: [scope] runs on one thread (Android's main thread), and the controller's fields are
 * touched only there; the core's calls that reach the server are suspending calls running on
 * the core's own runtime.
 */
class SyncController(
    /** Online play on the app's server: its account is the one progress syncs through. */
    private val play: OnlinePlay,
    private var language: Language,
    private val scope: CoroutineScope,
    /** How long after a change [syncSoon] syncs (changes made meanwhile go in the same sync). */
    private val soonMs: Long = 2_000,
    /** Another device's progress came in: reread what the screens show of it. */
    private val onTakenIn: (SyncReport) -> Unit = {},
) {
    private var status: SyncStatus? = null
    private var syncing = false
    private var pairing: PairingCode? = null
    private var code = ""
    private var busy = false
    private var problem: String? = null
    private var syncJob: Job? = null
    private var soonJob: Job? = null

    private val _state = MutableStateFlow(render())

    /** What the screen draws now. */
    val state: StateFlow<SyncScreenState> = _state.asStateFlow()

    /** Reads the status again (from the database, without the network). */
    fun refresh() {
        status = try {
            play.syncStatus()
        } catch (e: RodinaException) {
            problem = onlineErrorText(language, e)
            null
        }
        publish()
    }

    /** Syncs now (a sync under way is waited for, not doubled). Returns the work (tests). */
    fun syncNow(): Job {
        syncJob?.takeIf { it.isActive }?.let { return it }
        syncing = true
        problem = null
        refresh()
        val job = scope.launch {
            try {
                val report = play.sync()
                if (report.newAttempts + report.betterScores + report.laterSettings > 0u) onTakenIn(report)
            } catch (e: RodinaException) {
                // Offline, or the server's wait: the status says so, and results keep waiting.
                problem = onlineErrorText(language, e)
            }
            syncing = false
            refresh()
        }
        syncJob = job
        return job
    }

    /** A change was written on this device: sync in a moment. Returns the work (tests). */
    fun syncSoon(): Job {
        soonJob?.cancel()
        refresh()
        val job = scope.launch {
            delay(soonMs)
            syncNow().join()
        }
        soonJob = job
        return job
    }

    /** Asks for a pairing code to show. Returns the work (tests). */
    fun showPairingCode(): Job {
        busy = true
        problem = null
        publish()
        return scope.launch {
            try {
                pairing = play.pairingCode()
            } catch (e: RodinaException) {
                problem = onlineErrorText(language, e)
            }
            busy = false
            publish()
        }
    }

    /** The code as the player types it. */
    fun typeCode(text: String) {
        code = text
        publish()
    }

    /** Signs this device in to the account that shows the code typed, then syncs. Returns the work (tests). */
    fun pair(): Job? {
        if (!canPair(code)) return null
        busy = true
        problem = null
        publish()
        val typed = code
        return scope.launch {
            try {
                play.pair(typed)
                code = ""
                busy = false
                syncNow().join()
            } catch (e: RodinaException) {
                problem = onlineErrorText(language, e)
            }
            busy = false
            publish()
        }
    }

    /** The texts' language changed. */
    fun setLanguage(new: Language) {
        language = new
        play.setLanguage(new)
        refresh()
    }

    /** Stops what is under way (the app closes the database). */
    fun close() {
        soonJob?.cancel()
        syncJob?.cancel()
    }

    private fun canPair(text: String): Boolean = text.count { it.isLetterOrDigit() } == 8

    private fun publish() {
        _state.value = render()
    }

    private fun render(): SyncScreenState = SyncScreenState(
        language = language,
        title = onlineLabel(language, OnlineLabel.SYNC_TITLE),
        syncLabel = onlineLabel(language, OnlineLabel.SYNC_NOW),
        status = status,
        syncing = syncing || status?.state is SyncState.Syncing,
        showCodeLabel = onlineLabel(language, OnlineLabel.PAIRING_SHOW),
        pairing = pairing,
        enterCodeLabel = onlineLabel(language, OnlineLabel.PAIRING_ENTER),
        code = code,
        canPair = canPair(code) && !busy,
        busy = busy,
        problem = problem,
    )
}
