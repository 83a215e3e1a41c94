package fuzz;

import java.io.Reader;
import javax.script.AbstractScriptEngine;
import javax.script.Bindings;
import javax.script.ScriptContext;
import javax.script.ScriptEngineFactory;
import javax.script.SimpleBindings;

/** A script engine that evaluates nothing (JDK 17 ships none): the detector judges the call. */
public class TinyScriptEngine extends AbstractScriptEngine {
    @Override
    public Object eval(String script, ScriptContext context) {
        return null;
    }

    @Override
    public Object eval(Reader reader, ScriptContext context) {
        return null;
    }

    @Override
    public Bindings createBindings() {
        return new SimpleBindings();
    }

    @Override
    public ScriptEngineFactory getFactory() {
        return null;
    }
}
