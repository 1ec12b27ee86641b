package app.rodina.state

import app.rodina.core.GameSession
import app.rodina.core.Problem
import app.rodina.core.RodinaException
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.joinAll
import kotlinx.coroutines.launch

/** How a save went: the saved game's id, or the problem to tell the player. */
data class SaveOutcome(val id: Long?, val problem: Problem?)

/**
 * Writes games to [storage] on [io], in a scope of its own that no screen owns: leaving a
 * game screen (or the view model going away with it) does not cancel a save under way, so a
 * move played is never lost to a closed screen. The saves of one game are written one after
 * the other, in the order they were asked for, and [pending] tells who must wait for them
 * (the home list is read only after the last one landed).
 */
class Saver(private val storage: GameStorage, io: CoroutineDispatcher) {
    private val scope = CoroutineScope(SupervisorJob() + io)
    private val last = HashMap<GameSession, Job>()

    /** Saves [session]; [done] hears how it went (on [io]'s thread). */
    fun save(session: GameSession, done: (SaveOutcome) -> Unit): Job = synchronized(last) {
        val previous = last[session]
        val job = scope.launch {
            previous?.join()
            val outcome = try {
                SaveOutcome(storage.save(session), null)
            } catch (e: RodinaException) {
                SaveOutcome(null, problemOf(e) { Problem.Save(it) })
            }
            done(outcome)
        }
        last[session] = job
        job.invokeOnCompletion {
            synchronized(last) { if (last[session] === job) last.remove(session) }
        }
        job
    }

    /** The last save of [session] still being written, if any. */
    fun pending(session: GameSession): Job? = synchronized(last) { last[session] }

    /** Waits until every save asked for so far has been written. */
    suspend fun flush() {
        val jobs = synchronized(last) { last.values.toList() }
        jobs.joinAll()
    }
}
