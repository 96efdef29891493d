package org.planewatch.sim.workload;

/** A connection-matrix file that cannot be read, with the file and 1-based line of the problem (0: the file as a whole). */
public final class MatrixFormatException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final String problem;

    public MatrixFormatException(String file, int line, String problem) {
        super((line > 0 ? file + ":" + line : file) + ": " + problem);
        this.file = file;
        this.line = line;
        this.problem = problem;
    }

    public String file() {
        return file;
    }

    public int line() {
        return line;
    }

    public String problem() {
        return problem;
    }
}
