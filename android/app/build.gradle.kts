import org.jetbrains.kotlin.gradle.dsl.JvmTarget

plugins {
    alias(libs.plugins.android.application)
    alias(libs.plugins.kotlin.android)
    alias(libs.plugins.kotlin.compose)
}

// The Rust workspace is the repository root, one level above this Gradle project.
val rustRoot: File = rootDir.parentFile

// ABIs the native library is built for: phones (arm64, 32-bit arm) and the emulator (x86_64).
val abis = listOf("arm64-v8a", "armeabi-v7a", "x86_64")

// The Cargo profile of the phone library: small, keeps UniFFI's metadata (see Cargo.toml).
val cargoProfile = "release-ffi"

val rustJniLibs = layout.buildDirectory.dir("rustJniLibs")
val uniffiKotlin = layout.buildDirectory.dir("generated/uniffi")

android {
    namespace = "app.rodina"
    compileSdk = 35

    defaultConfig {
        applicationId = "app.rodina"
        minSdk = 24
        targetSdk = 35
        versionCode = 1
        versionName = "0.1.0"
        ndk { abiFilters += abis }
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

    buildFeatures { compose = true }

    sourceSets["main"].apply {
        // The generated bindings, and the .so per ABI that cargo-ndk writes.
        kotlin.srcDir(uniffiKotlin)
        jniLibs.srcDir(rustJniLibs)
    }
}

kotlin {
    compilerOptions { jvmTarget.set(JvmTarget.JVM_17) }
}

// Builds librodina_ffi.so for every ABI with cargo-ndk (`cargo install cargo-ndk`; the Rust
// targets come from `rustup target add aarch64-linux-android armv7-linux-androideabi
// x86_64-linux-android`; the NDK is found through ANDROID_NDK_HOME or the SDK's ndk folder).
val cargoNdk by tasks.registering(Exec::class) {
    description = "Builds the Rust core for every Android ABI."
    workingDir = rustRoot
    inputs.files(fileTree(rustRoot) {
        include("Cargo.toml", "Cargo.lock", "core/**/*.rs", "core/**/Cargo.toml", "bindings/**/*.rs",
            "bindings/**/Cargo.toml", "bindings/uniffi.toml")
        exclude("**/target/**", "android/**", "ios/**")
    })
    outputs.dir(rustJniLibs)
    commandLine(
        listOf("cargo", "ndk", "--platform", "24", "-o", rustJniLibs.get().asFile.path) +
            abis.flatMap { listOf("-t", it) } +
            listOf("build", "--profile", cargoProfile, "-p", "rodina-ffi", "--lib"),
    )
}

// Generates the Kotlin bindings from the arm64 library just built (library mode reads the
// UniFFI metadata in the library itself, so bindings and library always match).
val uniffiBindings by tasks.registering(Exec::class) {
    description = "Generates the Kotlin bindings of the Rust core."
    dependsOn(cargoNdk)
    workingDir = rustRoot
    val library = rustRoot.resolve("target/aarch64-linux-android/$cargoProfile/librodina_ffi.so")
    inputs.file(library)
    outputs.dir(uniffiKotlin)
    doFirst { delete(uniffiKotlin) }
    commandLine(
        "cargo", "run", "--quiet", "-p", "uniffi-bindgen", "--", "generate",
        "--library", library.path, "--language", "kotlin", "--no-format",
        "--out-dir", uniffiKotlin.get().asFile.path,
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
