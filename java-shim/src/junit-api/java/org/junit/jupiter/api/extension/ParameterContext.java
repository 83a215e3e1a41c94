package org.junit.jupiter.api.extension;

import java.lang.reflect.Parameter;

public interface ParameterContext {
    Parameter getParameter();

    int getIndex();
}
