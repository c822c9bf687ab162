export { TabList, type TabItem, type TabListProps } from './TabList.tsx';
