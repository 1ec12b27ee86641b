package app.rodina

import android.app.Application
import android.os.Bundle
import androidx.activity.ComponentActivity
import androidx.activity.addCallback
import androidx.activity.compose.setContent
import androidx.activity.viewModels
import androidx.lifecycle.AndroidViewModel
import androidx.lifecycle.viewModelScope
import app.rodina.core.RodinaException
import app.rodina.core.Store
import app.rodina.state.AppController
import app.rodina.ui.RodinaApp
import app.rodina.ui.RodinaTheme
import app.rodina.ui.StartupError
import java.io.File
import kotlinx.coroutines.Dispatchers

/**
 * Holds the app's state across configuration changes (rotation): the [Store] on the app's
 * private files and the [AppController] over it. A store that cannot be opened is kept as a
 * message: the file is never deleted or replaced behind the player's back.
 */
class RodinaViewModel(application: Application) : AndroidViewModel(application) {
    private val dbFile = File(application.filesDir, "rodina.db")

    /** The app, or null when the database could not be opened. */
    val app: AppController?

    /** Why the database could not be opened. */
    val startupError: String?

    init {
        var app: AppController? = null
        var error: String? = null
        try {
            app = AppController(Store.open(dbFile.path), viewModelScope, Dispatchers.IO)
            app.refresh()
        } catch (e: RodinaException) {
            error = e.message
        }
        this.app = app
        this.startupError = error
    }
}

/** The one activity: Compose draws every screen from the shared state holders. */
class MainActivity : ComponentActivity() {
    private val model: RodinaViewModel by viewModels()

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        val app = model.app
        onBackPressedDispatcher.addCallback(this) {
            if (app == null || !app.back()) finish()
        }
        setContent {
            RodinaTheme {
                if (app != null) RodinaApp(app) else StartupError(model.startupError ?: "")
            }
        }
    }
}
