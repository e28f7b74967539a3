export { default } from './ComingTab';
