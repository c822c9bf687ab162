export {
  CommodityNewsWidget,
  CompanyNewsWidget,
  CurrencyNewsWidget,
  DerivativeNewsWidget,
  HotNewsWidget,
  SectorNewsWidget,
} from './NewsFeedWidget.tsx';
export { DiscussionCloudWidget } from './DiscussionCloudWidget.tsx';
