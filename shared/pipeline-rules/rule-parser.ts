import type { PipelineAst, RuleAst } from "./ast.ts";
import { RULE_FUNCTIONS, type RuleFunctionRegistry } from "./function-registry.ts";
import { parsePipelineSyntax, parseRuleSyntax } from "./parser.ts";
import { checkRule } from "./rule-checker.ts";
import { type CompiledRule, compileRule } from "./rule-compiler.ts";
import type { ParseEnvironment } from "./rule-function.ts";
import { RuleSyntaxError } from "./source-position.ts";

/** A rule parsed, checked and compiled. */
export interface ParsedRule {
  ast: RuleAst;
  compiled: CompiledRule;
}

/**
 * Parses rule source as Graylog does on save: syntax, then every check of rule-checker.ts. Throws a
 * RuleSyntaxError listing each problem at its line and column; a rule that passes is compiled.
 */
export function parseRule(source: string, env: ParseEnvironment, functions: RuleFunctionRegistry = RULE_FUNCTIONS): ParsedRule {
  const ast = parseRuleSyntax(source);
  const errors = checkRule(ast, functions, env);
  if (errors.length > 0) throw new RuleSyntaxError(errors);
  return { ast, compiled: compileRule(ast, functions) };
}

/** Parses pipeline source; stage numbers must be distinct. */
export function parsePipeline(source: string): PipelineAst {
  const ast = parsePipelineSyntax(source);
  const seen = new Set<number>();
  for (const stage of ast.stages) {
    if (seen.has(stage.stage)) {
      throw new RuleSyntaxError([{ type: "syntax_error", line: 1, position_in_line: 0, reason: `Stage ${stage.stage} is defined twice` }]);
    }
    seen.add(stage.stage);
  }
  return ast;
}
