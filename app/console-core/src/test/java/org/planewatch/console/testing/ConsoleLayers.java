package org.planewatch.console.testing;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;

/**
 * The console's packages as layers, for the layering test of each module (core, demo, console,
 * benchmarks), which says which layer may use which. A layer whose classes live in another module is
 * empty there (optional); dependencies on its classes are still judged, by package.
 */
public final class ConsoleLayers {
    private static final String ROOT = "org.planewatch.console";

    private ConsoleLayers() {}

    public static LayeredArchitecture layers() {
        return layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .withOptionalLayers(true)
                .layer("Telemetry")
                .definedBy(ROOT + ".telemetry..")
                .layer("Ingest")
                .definedBy(ROOT + ".ingest..")
                .layer("State")
                .definedBy(ROOT + ".state..")
                .layer("Record")
                .definedBy(ROOT + ".record..")
                .layer("Replay")
                .definedBy(ROOT + ".replay..")
                .layer("Fleet")
                .definedBy(ROOT + ".fleet..")
                .layer("Session")
                .definedBy(ROOT + ".session..")
                .layer("Headless")
                .definedBy(ROOT + ".headless..")
                .layer("Demo")
                .definedBy(ROOT + ".demo..")
                .layer("ViewModel")
                .definedBy(ROOT + ".viewmodel..")
                .layer("View")
                .definedBy(ROOT + ".view..")
                .layer("Window")
                .definedBy(ROOT)
                .layer("Bench")
                .definedBy(ROOT + ".bench..");
    }

    public static ArchRule packagesAreFreeOfCycles() {
        return slices().matching(ROOT + ".(*)..").should().beFreeOfCycles();
    }

    public static ArchRule onlyTheRecorderTouchesTheDatabase() {
        return noClasses()
                .that()
                .resideOutsideOfPackage("..console.record..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("java.sql..", "javax.sql..", "org.sqlite..")
                .because("the recorder owns the recording file; everything else gets events and snapshots");
    }
}
