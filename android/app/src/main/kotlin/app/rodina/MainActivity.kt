package app.rodina

import android.app.Application
import android.content.Intent
import android.content.res.Configuration
import android.os.Build
import android.os.Bundle
import androidx.activity.ComponentActivity
import androidx.activity.addCallback
import androidx.activity.compose.setContent
import androidx.activity.enableEdgeToEdge
import androidx.activity.viewModels
import androidx.lifecycle.AndroidViewModel
import androidx.lifecycle.lifecycleScope
import androidx.lifecycle.viewModelScope
import app.rodina.state.AppController
import app.rodina.state.Screen
import app.rodina.ui.RodinaApp
import app.rodina.ui.RodinaTheme
import java.io.File
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.launch

/** The system's first locale as a BCP 47 tag ("sk-SK"), which the core maps to a language. */
private fun systemLocale(configuration: Configuration): String = configuration.locales[0].toLanguageTag()

/**
 * Holds the app's state across configuration changes (rotation, a new system language): the
 * [AppController] over the database in the app's private files. The controller opens the
 * database itself, on the I/O dispatcher; a database that cannot be opened is told on the
 * startup screen and never deleted or replaced behind the player's back.
 */
class RodinaViewModel(application: Application) : AndroidViewModel(application) {
    private var locale = systemLocale(application.resources.configuration)

    /** The app below the screens. */
    val app = AppController(
        File(application.filesDir, "rodina.db").path,
        locale,
        viewModelScope,
        Dispatchers.IO,
        onlineServer = BuildConfig.ONLINE_SERVER,
        onlineDevice = Build.MODEL ?: "Android",
    ).apply { start() }

    /** The system's locale may have changed (the activity is recreated when it does): follow it. */
    fun followSystemLocale(configuration: Configuration) {
        val now = systemLocale(configuration)
        if (now == locale) return
        locale = now
        app.setSystemLocale(now)
    }

    /**
     * Waits for the saves under way, in the view model's scope: the activity going to the
     * background may be destroyed before they land, the view model usually not.
     */
    fun flushSaves() {
        viewModelScope.launch { app.flushSaves() }
    }
}

/** The one activity: Compose draws every screen from the shared state holders. */
class MainActivity : ComponentActivity() {
    private val model: RodinaViewModel by viewModels()

    override fun onCreate(savedInstanceState: Bundle?) {
        enableEdgeToEdge()
        super.onCreate(savedInstanceState)
        val app = model.app
        model.followSystemLocale(resources.configuration)
        // Back goes down the app's own stack; on the home screen the callback steps aside, so
        // the system's own back (and its predictive animation) leaves the app.
        val back = onBackPressedDispatcher.addCallback(this, enabled = false) { app.back() }
        lifecycleScope.launch {
            app.navigator.current.collect { back.isEnabled = it != Screen.Home }
        }
        setContent {
            RodinaTheme { RodinaApp(app) }
        }
        // A rodina://join/CODE link that started the app (not again after a rotation).
        if (savedInstanceState == null) openLink(intent)
    }

    /** A link opened while the app runs (the activity is single-task): the join screen with its code. */
    override fun onNewIntent(intent: Intent) {
        super.onNewIntent(intent)
        openLink(intent)
    }

    private fun openLink(intent: Intent?) {
        if (intent?.action != Intent.ACTION_VIEW) return
        val link = intent.dataString ?: return
        model.app.openLink(link)
    }

    override fun onStart() {
        super.onStart()
        model.app.resumeOnline()
    }

    override fun onConfigurationChanged(newConfig: Configuration) {
        super.onConfigurationChanged(newConfig)
        model.followSystemLocale(newConfig)
    }

    override fun onStop() {
        super.onStop()
        // An online game lets its socket go in the background and catches up on return.
        model.app.suspendOnline()
        model.flushSaves()
    }
}
