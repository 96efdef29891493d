package org.planewatch.console.testing;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;

/**
 * Imports only the product classes of one module (the classes folder or jar that holds {@code
 * anchor}): a module's layering test judges its own classes, while the modules it depends on
 * (and the core's test helpers, which arrive as a test jar) are on the same class path.
 * Dependencies on their classes are still checked, by package.
 */
public abstract class ModuleClasses implements ImportOption {
    private final String root;

    protected ModuleClasses(Class<?> anchor) {
        this.root = anchor.getProtectionDomain().getCodeSource().getLocation().toString();
    }

    @Override
    public boolean includes(Location location) {
        return location.asURI().toString().startsWith(root)
                || location.asURI().toString().startsWith("jar:" + root);
    }
}
