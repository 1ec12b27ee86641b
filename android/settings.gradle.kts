// Rodina for Android. The Rust core (../core, ../bindings) is built per ABI with cargo-ndk and
// its Kotlin bindings are generated at build time: see app/build.gradle.kts.
pluginManagement {
    repositories {
        google()
        mavenCentral()
        gradlePluginPortal()
    }
}

dependencyResolutionManagement {
    repositoriesMode.set(RepositoriesMode.FAIL_ON_PROJECT_REPOS)
    repositories {
        google()
        mavenCentral()
    }
}

rootProject.name = "Rodina"
include(":app")
