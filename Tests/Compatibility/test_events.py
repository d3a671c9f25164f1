"""Events: the user's stream and the enterprise's admin logs."""

import datetime
import threading

import pytest
from box_sdk_gen import GetEventsEventType, GetEventsStreamType
from box_sdk_gen.managers.events import GetEventStreamQueryParams

from conftest import unique


def _source_ids(entry):
    """The ids an event's source names: an item's `id` in a user event, `item_id` in an
    enterprise event."""
    source = entry.source.to_dict() if entry.source is not None else {}
    return {source.get("id"), source.get("item_id")} - {None}


def _a_minute_ago():
    return datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(minutes=1)


def _admin_log_source_ids(client, event_type, since):
    """The ids the sources of the enterprise's `event_type` events since `since` name."""
    events = client.events.get_events(
        stream_type=GetEventsStreamType.ADMIN_LOGS, event_type=[event_type], created_after=since, limit=500)
    assert {entry.event_type for entry in events.entries} <= {event_type.value}
    return set().union(*[_source_ids(entry) for entry in events.entries])


def test_user_stream_reports_an_upload_after_the_current_position(admin, workspace, upload):
    position = admin.events.get_events(stream_position="now").next_stream_position

    file = upload(workspace.id, unique("event") + ".txt", b"news")
    events = admin.events.get_events(stream_position=str(position), stream_type=GetEventsStreamType.ALL)

    uploads = [entry for entry in events.entries if entry.event_type == "ITEM_UPLOAD" and file.id in _source_ids(entry)]
    assert len(uploads) == 1
    assert int(events.next_stream_position) > int(position)


def test_user_stream_reports_a_trashed_item(admin, workspace, upload):
    file = upload(workspace.id, unique("gone") + ".txt", b"x")
    position = admin.events.get_events(stream_position="now").next_stream_position

    admin.files.delete_file_by_id(file.id)
    events = admin.events.get_events(stream_position=str(position))

    assert "ITEM_TRASH" in [entry.event_type for entry in events.entries if file.id in _source_ids(entry)]


@pytest.mark.xfail(strict=True, reason="server: issue 27 point 11 (admin_logs holds the user stream's events, ITEM_UPLOAD with the item as source, not Box's enterprise events UPLOAD with source.item_id)")
def test_admin_logs_report_an_upload_to_the_admin(admin, workspace, upload):
    since = _a_minute_ago()

    file = upload(workspace.id, unique("audited") + ".txt", b"audit me")

    assert file.id in _admin_log_source_ids(admin, GetEventsEventType.UPLOAD, since)


def test_event_stream_helper_long_polls_until_an_upload_happens(admin, workspace, upload):
    position = admin.events.get_events(stream_position="now").next_stream_position
    stream = admin.events.get_event_stream(query_params=GetEventStreamQueryParams(stream_position=str(position)))
    uploaded = []
    # The upload happens while the helper waits on the realtime server's long poll.
    uploader = threading.Timer(0.5, lambda: uploaded.append(upload(workspace.id, unique("live") + ".txt", b"now")))
    uploader.start()

    try:
        event = next(iter(stream))
    finally:
        stream.stop()
        uploader.join()

    assert event.event_type == "ITEM_UPLOAD"
    assert _source_ids(event) == {uploaded[0].id}


@pytest.mark.xfail(strict=True, reason="server: issue 27 point 11 (the CCG service account is refused admin_logs with 403)")
def test_admin_logs_report_an_upload_to_the_service_account(service, workspace, upload):
    since = _a_minute_ago()

    file = upload(workspace.id, unique("audited") + ".txt", b"audit me")

    assert file.id in _admin_log_source_ids(service, GetEventsEventType.UPLOAD, since)


@pytest.mark.xfail(strict=True, reason="server: issue 27 point 11 (admin_logs records no DELETE_USER event)")
def test_admin_logs_report_a_deleted_user(admin):
    since = _a_minute_ago()
    user = admin.users.create_user(unique("Leaver"), login=unique("leaver") + "@boxlike.test")

    admin.users.delete_user_by_id(user.id)

    assert user.id in _admin_log_source_ids(admin, GetEventsEventType.DELETE_USER, since)
