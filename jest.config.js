/**
 * Unit and component tests of the browser code (shared, host, remotes) in jsdom. Plain JavaScript, so
 * jest reads it without a TypeScript loader: the tests themselves are TypeScript through ts-jest.
 * @type {import('jest').Config}
 */
const web = {
  displayName: 'web',
  testEnvironment: '<rootDir>/jest.environment.cjs',
  roots: ['<rootDir>/shared/src', '<rootDir>/host/src', '<rootDir>/remotes', '<rootDir>/support-host/src'],
  testMatch: ['**/*.test.ts?(x)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  transform: {
    '^.+\\.tsx?$': [
      'ts-jest',
      {
        tsconfig: {
          isolatedModules: true,
          module: 'CommonJS',
          moduleResolution: 'Node10',
          ignoreDeprecations: '6.0',
          jsx: 'react-jsx',
          esModuleInterop: true,
          verbatimModuleSyntax: false,
        },
      },
    ],
    // The router (wouter) ships ES modules only: to CommonJS for jest.
    '/node_modules/wouter/.+\\.js$': [
      'ts-jest',
      {
        tsconfig: { allowJs: true, module: 'CommonJS', rootDir: '.', ignoreDeprecations: '6.0', isolatedModules: true },
      },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!wouter/)'],
  moduleNameMapper: {
    '\\.module\\.css$': '<rootDir>/shared/src/testing/css-module.ts',
    '\\.css$': '<rootDir>/shared/src/testing/empty.ts',
    '\\.(svg|png|webp|jpe?g)$': '<rootDir>/shared/src/testing/asset.ts',
  },
  testEnvironmentOptions: { customExportConditions: [''] },
};

/** @type {import('jest').Config} */
module.exports = { projects: [web] };
