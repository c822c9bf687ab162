import { newsText } from '@kite/domain';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button/Button.tsx';
import { WidgetFrame } from '../../components/widget-frame/WidgetFrame.tsx';
import { dashboardStore, useDashboard } from './dashboard-store.ts';
import { widgetContent } from './widget-content.ts';
import { dashboardWidgets, type WidgetInfo } from './widgets.ts';
import styles from './dashboard.module.css';

function WidgetBody({ widget }: { widget: WidgetInfo }) {
  const Content = widgetContent[widget.id];
  return Content ? <Content /> : <EmptyWidget widget={widget} />;
}

function EmptyWidget({ widget }: { widget: WidgetInfo }) {
  return (
    <div className={styles.empty}>
      <p>{widget.empty}</p>
    </div>
  );
}

/** The dashboard's 'all widgets' view and the full-size view of one widget (platform.md 2.8). */
export function DashboardPage() {
  const { expanded, closed } = useDashboard();
  const navigate = useNavigate();
  const expand = (widget: WidgetInfo) => {
    if (widget.expandRoute) navigate(widget.expandRoute);
    else dashboardStore.expand(widget.id);
  };
  const shown = dashboardWidgets.filter((widget) =>
    expanded ? widget.id === expanded : !widget.fullSizeOnly && !closed.has(widget.id),
  );
  const more = dashboardWidgets.filter((widget) => widget.fullSizeOnly);
  return (
    <div className={styles.page}>
      <h1 className={styles.visuallyHidden}>Dashboard</h1>
      {shown.length === 0 ? (
        <div className={styles.allClosed}>
          <p>All widgets are closed.</p>
          <Button onClick={() => dashboardStore.restoreAll()}>SHOW ALL WIDGETS</Button>
        </div>
      ) : (
        <div className={expanded ? styles.single : styles.grid}>
          {shown.map((widget) => (
            <WidgetFrame
              key={widget.id}
              title={widget.title}
              info={widget.info}
              expanded={expanded === widget.id}
              onExpand={() => expand(widget)}
              onCollapse={() => dashboardStore.collapse()}
              onClose={() => dashboardStore.close(widget.id)}
            >
              <WidgetBody widget={widget} />
            </WidgetFrame>
          ))}
        </div>
      )}
      {!expanded && (
        <nav className={styles.more} aria-label={newsText.widgets.more}>
          <span className={styles.moreLabel}>{newsText.widgets.more}</span>
          {more.map((widget) => (
            <Button key={widget.id} size="small" variant="ghost" onClick={() => expand(widget)}>
              {widget.title}
            </Button>
          ))}
        </nav>
      )}
    </div>
  );
}
