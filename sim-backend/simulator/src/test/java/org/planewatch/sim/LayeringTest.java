package org.planewatch.sim;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.Set;

/** The simulator is domain code: it must stay free of UI, network and database layers. */
@AnalyzeClasses(packages = "org.planewatch.sim", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {

    @ArchTest
    static final ArchRule simulatorDoesNotUseJavaFx = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("javafx..")
            .because("the simulator runs headless in the agent and in benchmarks");

    @ArchTest
    static final ArchRule simulatorDoesNotUseGrpc = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.grpc..", "com.google.protobuf..")
            .because("the agent, not the simulator, speaks gNMI");

    @ArchTest
    static final ArchRule simulatorDoesNotUseJdbc = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("java.sql..", "javax.sql..")
            .because("recording belongs to the console");

    @ArchTest
    static final ArchRule simulatorShipsNoBenchmark = noClasses()
            .should()
            .resideInAnyPackage("..bench..", "..perf..")
            .orShould()
            .haveSimpleNameContaining("Bench")
            .because("benchmarks live in planewatch-sim-bench, which no product jar or installer contains");

    @ArchTest
    static final ArchRule simulatorPackagesAreFreeOfCycles = slices().matching("org.planewatch.sim.(*)..")
            .should()
            .beFreeOfCycles()
            .because("each part of the simulator can be read and changed knowing only the parts below it");

    @ArchTest
    static final ArchRule transportAndSwitchingClassesAreFreeOfCycles = slices().assignedFrom(
                    new EachTopLevelClassIn(Set.of("org.planewatch.sim.transport", "org.planewatch.sim.switching")))
            .should()
            .beFreeOfCycles()
            .because("the transport's parts (QP table, sender, receiver, recovery, statistics) and the switching "
                    + "model's stay small only if none reaches back into the one that uses it");

    /** One slice per top-level class of the given packages (its nested classes and lambdas belong to it). */
    private record EachTopLevelClassIn(Set<String> packages) implements SliceAssignment {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            if (!packages.contains(javaClass.getPackageName())) {
                return SliceIdentifier.ignore();
            }
            String name = javaClass.getName();
            int nested = name.indexOf('$');
            return SliceIdentifier.of(nested < 0 ? name : name.substring(0, nested));
        }

        @Override
        public String getDescription() {
            return "top-level classes of " + packages;
        }
    }
}
