// AGP 9 compiles Kotlin itself (built-in Kotlin) with the Kotlin Gradle plugin on the build
// classpath, by default the KGP 2.2.10 it depends on. Putting KGP here makes it the Kotlin of the
// JVM test project (bindings/kotlin/pom.xml), which compiles the same sources.
buildscript {
    // dependencyResolutionManagement (settings.gradle.kts) does not cover buildscript dependencies.
    repositories { mavenCentral() }
    dependencies { classpath(libs.kotlin.gradle.plugin) }
}

plugins {
    alias(libs.plugins.android.application) apply false
    alias(libs.plugins.kotlin.compose) apply false
}
