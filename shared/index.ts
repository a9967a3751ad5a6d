/** Public surface of the shared contract (imported by lambdas, infra, web and tests). */
export * from './contract/errors';
export * from './contract/access';
export * from './contract/functions';
export * from './contract/runtime-config';
export * from './entities/profile';
export * from './entities/settings';
export * from './slug';
export * from './entities/knowledge';
export * from './uploads';
export * from './assets';
export * from './entities/asset';
export * from './entities/article';
export * from './entities/lead';
export * from './messages';
export * from './constants';
export * from './themes';
export * from './pages';
