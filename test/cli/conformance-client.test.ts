/**
 * The MCP conformance suite's client scenarios (`@modelcontextprotocol/conformance`, pinned; on
 * the npm registry's Node 22, in a cache folder) with `blockwise call` as the client under test
 * on this Node. In CI (`BLOCKWISE_CI=1`) the suite is installed when missing, and a suite that
 * can't be installed fails; elsewhere nothing is installed: a missing suite skips, saying how to
 * install it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  doNothingClientCommand,
  ensureSuite,
  findSuite,
  IN_SCOPE,
  INSTALL_COMMAND,
  listClientScenarios,
  OUT_OF_SCOPE,
  passed,
  REQUIRED_CHECKS,
  runScenario,
  runScenarios,
  type ScenarioResult,
} from '../../scripts/conformance-suite.js';

const IN_CI = process.env.BLOCKWISE_CI === '1';

// Only CI reaches the registry: a plain `npm test` uses the suite where it is already installed.
const suite = IN_CI ? await ensureSuite() : findSuite();

/** Bounds for a loaded two-core machine; an idle one takes a fraction (the README says how much). */
const SUITE_MS = 900_000;

if (!suite.ok && !IN_CI) {
  describe('MCP conformance suite, client scenarios', () => {
    it.skip(`skipped: ${suite.reason}; install it with: ${INSTALL_COMMAND}`, () => undefined);
  });
} else {
  describe('MCP conformance suite, client scenarios', () => {
    it('is installed (in CI a missing suite fails)', () => {
      expect(suite.ok ? 'installed' : suite.reason).toBe('installed');
    });

    it('lists each client scenario either in scope or out of scope with a reason, and nothing else', async () => {
      if (!suite.ok) throw new Error(suite.reason);
      const listed = await listClientScenarios(suite);
      expect([...listed].sort()).toEqual([...IN_SCOPE, ...Object.keys(OUT_OF_SCOPE)].sort());
    });

    const results = new Map<string, ScenarioResult>();
    beforeAll(async () => {
      if (!suite.ok) return;
      for (const result of await runScenarios(suite, IN_SCOPE)) results.set(result.scenario, result);
    }, SUITE_MS);

    it.each(Object.keys(REQUIRED_CHECKS))(
      '%s fails with a client that does nothing (the scenario can tell)',
      async (scenario) => {
        if (!suite.ok) throw new Error(suite.reason);
        const result = await runScenario(suite, scenario, doNothingClientCommand());
        expect(passed(result), result.output.slice(-2000)).toBe(false);
      },
      120_000,
    );

    it.each(IN_SCOPE)('%s passes every check with blockwise call as the client', (scenario) => {
      const result = results.get(scenario);
      expect(result, `${scenario} did not run`).toBeDefined();
      if (result === undefined) return;
      const failures = result.checks
        .filter((check) => check.status === 'FAILURE' || check.status === 'WARNING')
        .map((check) => `${check.id}: ${check.description}`);
      expect({ failures, passed: passed(result) }, result.output.slice(-4000)).toEqual({ failures: [], passed: true });
    });
  });
}
