/**
 * @jest-config-loader ts-node
 *
 * ts-node, not Node's own type stripping (Node 22.18+, 24), which loads this file as an ES module:
 * there, the import of `./webpack.config` without its extension is not found, and webpack.config.ts
 * uses `__dirname`.
 */
import type { Config } from 'jest';
import { REACT_ON_PREACT } from './webpack.config';

/** The browser builds' React names, mapped to Preact for the component tests too (jest's keys are patterns). */
const reactOnPreact = Object.fromEntries(Object.entries(REACT_ON_PREACT).map(([name, target]) => [`^${name.replace(/\$$/, '')}$`, target]));

/** Unit and component tests of the browser code (shared, host, remotes) in jsdom. */
const web: Config = {
  displayName: 'web',
  testEnvironment: '<rootDir>/jest.environment.cjs',
  roots: ['<rootDir>/shared/src', '<rootDir>/host/src', '<rootDir>/remotes'],
  testMatch: ['**/*.test.ts?(x)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  transform: {
    '^.+\\.tsx?$': [
      'ts-jest',
      {
        tsconfig: { isolatedModules: true, module: 'CommonJS', moduleResolution: 'Node10', ignoreDeprecations: '6.0', jsx: 'react-jsx', esModuleInterop: true, verbatimModuleSyntax: false },
      },
    ],
  },
  moduleNameMapper: {
    ...reactOnPreact,
    // @testing-library/react finds `act` here when `react` has none (preact/compat has none).
    '^react-dom/test-utils$': 'preact/test-utils',
    '\\.module\\.css$': '<rootDir>/shared/src/testing/css-module.ts',
    '\\.css$': '<rootDir>/shared/src/testing/empty.ts',
    '\\.(svg|png|webp|jpe?g)$': '<rootDir>/shared/src/testing/asset.ts',
  },
  testEnvironmentOptions: { customExportConditions: [''] },
};

const config: Config = { projects: [web] };
export default config;
