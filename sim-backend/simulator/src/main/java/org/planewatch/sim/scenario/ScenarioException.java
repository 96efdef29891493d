package org.planewatch.sim.scenario;

/**
 * A scenario file that cannot be run: it names the file, the line and the key so the user can fix
 * it without reading a stack trace. {@link #getMessage()} is the one line to show, e.g.
 * {@code link-failure.yaml:7: faults[0].link: unknown link 'p9-t0-1~p9-t1-5' (fabric has planes 0..7)}.
 */
public final class ScenarioException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final String keyPath;
    private final String problem;

    /**
     * @param file the file name as the user gave it
     * @param line 1-based line of the offending key or value; 0 when the file could not be read
     * @param keyPath dotted path of the key, with list indices ({@code faults[0].link}); empty when
     *     the problem is not tied to a key (malformed YAML)
     * @param problem what is wrong, without file, line or key
     */
    public ScenarioException(String file, int line, String keyPath, String problem) {
        super(format(file, line, keyPath, problem));
        this.file = file;
        this.line = line;
        this.keyPath = keyPath;
        this.problem = problem;
    }

    private static String format(String file, int line, String keyPath, String problem) {
        String where = line > 0 ? file + ":" + line : file;
        return where + ": " + (keyPath.isEmpty() ? "" : keyPath + ": ") + problem;
    }

    public String file() {
        return file;
    }

    public int line() {
        return line;
    }

    public String keyPath() {
        return keyPath;
    }

    public String problem() {
        return problem;
    }
}
