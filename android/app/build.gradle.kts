import java.util.Properties
import org.jetbrains.kotlin.gradle.dsl.JvmTarget

plugins {
    // No org.jetbrains.kotlin.android: AGP 9 compiles Kotlin itself and rejects that plugin.
    alias(libs.plugins.android.application)
    alias(libs.plugins.kotlin.compose)
}

// The Rust workspace is the repository root, one level above this Gradle project.
val rustRoot: File = rootDir.parentFile

// ABIs the native library is built for: phones (arm64, 32-bit arm) and the emulator (x86_64).
val abis = listOf("arm64-v8a", "armeabi-v7a", "x86_64")

// The Cargo profile of the phone library: small, keeps UniFFI's metadata (see Cargo.toml).
val cargoProfile = "release-ffi"

// Both the app's minSdk and the API level cargo-ndk links against: the library must not need
// anything newer than the oldest Android the app installs on.
val minApi = 24

// NDK r28c, the default NDK of AGP 9.1. Written down so that Android Studio installs exactly this
// one and cargo-ndk is handed the same (left alone, it takes the newest NDK it finds). r28 also
// aligns 64-bit libraries to 16 KB pages, which Google Play requires.
val ndkRelease = "28.2.13676358"

// The online server's address, from local.properties (read again below for cargo's settings).
val onlineServer: String = Properties().apply {
    providers.fileContents(rootProject.layout.projectDirectory.file("local.properties"))
        .asText.orNull?.let { load(it.reader()) }
}.getProperty("rodina.server") ?: "http://10.0.2.2:8080"

val rustJniLibs = layout.buildDirectory.dir("rustJniLibs")
val uniffiKotlin = layout.buildDirectory.dir("generated/uniffi")

android {
    namespace = "app.rodina"
    // Compose 1.12 needs 37; AGP 9.1.1 supports up to 37.
    compileSdk = 37
    ndkVersion = ndkRelease

    defaultConfig {
        applicationId = "app.rodina"
        minSdk = minApi
        // What Google Play requires of new apps and updates since 2026-08-31. Raising it opts into
        // Android 17's behaviour changes, which want a test on a device first.
        targetSdk = 36
        versionCode = 1
        versionName = "0.1.0"
        ndk { abiFilters += abis }
        // The online server (`rodina serve`): `rodina.server=https://...` in local.properties; by
        // default the development machine's, seen from the emulator (see network_security_config).
        buildConfigField("String", "ONLINE_SERVER", "\"$onlineServer\"")
    }

    buildTypes {
        release {
            isMinifyEnabled = true
            proguardFiles(getDefaultProguardFile("proguard-android-optimize.txt"), "proguard-rules.pro")
        }
    }

    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }

    buildFeatures {
        compose = true
        buildConfig = true
    }

    sourceSets["main"].apply {
        // The generated bindings, and the .so per ABI that cargo-ndk writes. (Built-in Kotlin has
        // no kotlin.sourceSets: Kotlin directories belong to the Android source set.)
        kotlin.srcDir(uniffiKotlin)
        jniLibs.srcDir(rustJniLibs)
    }
}

kotlin {
    compilerOptions {
        // As the JVM test project compiles the same bindings: Java 17 bytecode, and the generated
        // code's unsigned arrays without a warning at each use.
        jvmTarget.set(JvmTarget.JVM_17)
        optIn.add("kotlin.ExperimentalUnsignedTypes")
    }
}

// Where cargo is. Android Studio started from the desktop does not get the login shell's PATH,
// so rustup's ~/.cargo/bin is usually missing from it: rustup's places are tried before PATH.
// Settings in local.properties (see ../local.properties.example) come first and are taken at
// their word: a wrong one is reported, not silently passed over for some other cargo.
val localProperties = Properties().apply {
    providers.fileContents(rootProject.layout.projectDirectory.file("local.properties"))
        .asText.orNull?.let { load(it.reader()) }
}
val cargoName = if (providers.systemProperty("os.name").get().startsWith("Windows")) "cargo.exe" else "cargo"
val cargoHomeSetting: String? = localProperties.getProperty("rust.cargoHome")
val cargoLookup: Pair<File?, String> = run {
    val cargoDirSetting: String? = localProperties.getProperty("cargo.dir")
    when {
        cargoDirSetting != null -> File(cargoDirSetting, cargoName).let { cargo ->
            cargo.takeIf { it.isFile } to "cargo.dir=$cargoDirSetting in android/local.properties: there is no $cargoName in it."
        }
        cargoHomeSetting != null -> File(cargoHomeSetting, "bin/$cargoName").let { cargo ->
            cargo.takeIf { it.isFile } to "rust.cargoHome=$cargoHomeSetting in android/local.properties: there is no bin/$cargoName in it."
        }
        else -> {
            val rustupPlaces = listOfNotNull(
                providers.environmentVariable("CARGO_HOME").orNull?.let { File(it, "bin/$cargoName") },
                File(providers.systemProperty("user.home").get(), ".cargo/bin/$cargoName"),
            )
            val onPath = providers.environmentVariable("PATH").getOrElse("").split(File.pathSeparatorChar)
                .filter { it.isNotBlank() }.map { File(it, cargoName) }
            (rustupPlaces + onPath).firstOrNull { it.isFile } to
                "No cargo in ${rustupPlaces.joinToString { it.parent }} or on PATH. Install Rust with rustup " +
                "(https://rustup.rs), or say where cargo is in android/local.properties: cargo.dir=<the folder " +
                "holding $cargoName> or rust.cargoHome=<the CARGO_HOME whose bin/ holds it>."
        }
    }
}

// Runs cargo by its absolute path, with its folder first on PATH: cargo looks for the cargo-ndk
// subcommand there, and rustup's rustc lives there too. A missing cargo fails the task, not the
// sync, so that Android Studio still opens the project.
fun Exec.runCargo(vararg arguments: String) {
    val (cargo, problem) = cargoLookup
    executable = cargo?.path ?: cargoName
    args(*arguments)
    if (cargo != null) {
        val pathKey = environment.keys.firstOrNull { it.equals("PATH", ignoreCase = true) } ?: "PATH"
        environment(pathKey, listOfNotNull(cargo.parent, environment[pathKey]?.toString()).joinToString(File.pathSeparator))
        cargoHomeSetting?.let { environment("CARGO_HOME", it) }
    } else {
        doFirst { throw GradleException(problem) }
    }
}

// Builds librodina_ffi.so for every ABI with cargo-ndk (`cargo install cargo-ndk`; the Rust
// targets come from `rustup target add aarch64-linux-android armv7-linux-androideabi
// x86_64-linux-android`).
val cargoNdk by tasks.registering(Exec::class) {
    description = "Builds the Rust core for every Android ABI."
    workingDir = rustRoot
    inputs.files(fileTree(rustRoot) {
        include("Cargo.toml", "Cargo.lock", "core/**/*.rs", "core/**/Cargo.toml", "bindings/**/*.rs",
            "bindings/**/Cargo.toml", "bindings/uniffi.toml")
        exclude("**/target/**", "android/**", "ios/**")
    })
    outputs.dir(rustJniLibs)
    runCargo(
        *(listOf("ndk", "--platform", "$minApi", "-o", rustJniLibs.get().asFile.path) +
            abis.flatMap { listOf("-t", it) } +
            listOf("build", "--profile", cargoProfile, "-p", "rodina-ffi", "--lib")).toTypedArray(),
    )
    // cargo-ndk reads ANDROID_NDK_HOME before anything else (ANDROID_NDK_ROOT next, and warns when
    // they differ): give it the NDK that AGP resolved for ndkVersion. Locals only in the action,
    // so that the configuration cache does not have to store the build script.
    val wanted = ndkRelease
    val sdk = androidComponents.sdkComponents
    val ndkDirectory = sdk.ndkDirectory.orElse(sdk.sdkDirectory.map { it.dir("ndk/$wanted") })
    doFirst {
        val ndk = runCatching { ndkDirectory.orNull?.asFile }.getOrNull()
        if (ndk == null || !ndk.resolve("source.properties").isFile) {
            throw GradleException(
                "NDK $wanted is not installed. Install it in Android Studio (Settings > Languages & Frameworks > " +
                    "Android SDK > SDK Tools > NDK (Side by side), with Show Package Details ticked), or with " +
                    "`sdkmanager \"ndk;$wanted\"`.",
            )
        }
        (this as Exec).apply {
            environment("ANDROID_NDK_HOME", ndk.path)
            environment("ANDROID_NDK_ROOT", ndk.path)
        }
    }
}

// Generates the Kotlin bindings from the arm64 library just built (library mode reads the
// UniFFI metadata in the library itself, so bindings and library always match).
val uniffiBindings by tasks.registering(Exec::class) {
    description = "Generates the Kotlin bindings of the Rust core."
    dependsOn(cargoNdk)
    workingDir = rustRoot
    val library = rustRoot.resolve("target/aarch64-linux-android/$cargoProfile/librodina_ffi.so")
    val outDir = uniffiKotlin.get().asFile
    inputs.file(library)
    outputs.dir(outDir)
    // No stale file of a type the core no longer has. (A local File, not Project.delete: the task
    // action must not touch the project, for the configuration cache.)
    doFirst { outDir.deleteRecursively() }
    runCargo(
        "run", "--quiet", "-p", "uniffi-bindgen", "--", "generate",
        "--library", library.path, "--language", "kotlin", "--no-format",
        "--out-dir", outDir.path,
    )
}

tasks.named("preBuild") { dependsOn(uniffiBindings) }

dependencies {
    implementation(platform(libs.androidx.compose.bom))
    implementation(libs.androidx.compose.ui)
    implementation(libs.androidx.compose.foundation)
    implementation(libs.androidx.compose.material3)
    implementation(libs.androidx.activity.compose)
    implementation(libs.androidx.lifecycle.runtime.compose)
    implementation(libs.androidx.lifecycle.viewmodel.compose)
    implementation(libs.kotlinx.coroutines.android)
    // JNA's Android build (an AAR with libjnidispatch.so per ABI), which the bindings call.
    implementation(libs.jna) { artifact { type = "aar" } }
    debugImplementation(libs.androidx.compose.ui.tooling)
}
